// The call's recording in Call Details: play / pause, a seek slider, the playback speed and the time.
// Every control is a native element with a label, so it works with the keyboard and a screen reader
// (Space toggles the button; arrow keys move the slider). The audio element streams the WAV with
// range requests, so seeking a long call does not download all of it.
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { Button } from "../ui";
import { clockOf } from "./recordingTimeline";

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** What Call Details can ask of the player. */
export interface PlayerHandle {
  /** Jumps to `seconds` and plays from there. */
  seek(seconds: number): void;
}

export const RecordingPlayer = forwardRef<PlayerHandle, { src: string; onTime: (seconds: number) => void }>(function RecordingPlayer({ src, onTime }, ref) {
  const audio = useRef<HTMLAudioElement>(null);
  const id = useId();
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(1);
  const [error, setError] = useState(false);

  useImperativeHandle(ref, () => ({
    seek(seconds: number) {
      const el = audio.current;
      if (!el) return;
      el.currentTime = seconds;
      setTime(seconds);
      onTime(seconds);
      void el.play().catch(() => setPlaying(false));
    },
  }));

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate]);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (error) {
      // After a failed load play() alone does not fetch again: start the element over.
      setError(false);
      el.load();
    }
    // Pause pressed before playback began rejects that play() with AbortError: not a failure.
    if (el.paused) void el.play().catch((err: unknown) => setError(!(err instanceof DOMException && err.name === "AbortError")));
    else el.pause();
  };

  return (
    <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200" data-testid="recording-player">
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => {
          setTime(e.currentTarget.currentTime);
          onTime(e.currentTarget.currentTime);
        }}
        onError={() => setError(true)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={toggle} aria-label={playing ? "Pause recording" : "Play recording"}>
          {playing ? "Pause" : "Play"}
        </Button>
        <label htmlFor={`${id}-seek`} className="sr-only">
          Position in the recording
        </label>
        <input
          id={`${id}-seek`}
          type="range"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={0.1}
          value={time}
          aria-valuetext={`${clockOf(time)} of ${clockOf(duration)}`}
          onChange={(e) => {
            const t = Number(e.target.value);
            if (audio.current) audio.current.currentTime = t;
            setTime(t);
            onTime(t);
          }}
          className="min-w-40 flex-1 accent-indigo-600"
        />
        <span className="tabular-nums text-xs text-slate-600" aria-hidden="true">
          {clockOf(time)} / {clockOf(duration)}
        </span>
        <label className="flex items-center gap-1 text-xs text-slate-600">
          Speed
          <select value={rate} onChange={(e) => setRate(Number(e.target.value))} className="rounded-md border border-slate-300 bg-white px-1 py-0.5 text-xs">
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? <p className="text-xs text-rose-700" role="alert">The recording could not be played. Press Play to try again.</p> : null}
    </div>
  );
});
