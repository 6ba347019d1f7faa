// View Transcript of a live call: the transcript so far, then every entry as it happens (with its
// emotions, one-decimal percents), until the call ends. Listen plays the call's audio here, with its
// own volume.
import { useEffect, useState } from "react";
import type { LiveCallSummary } from "../../protocol/live";
import { DEFAULT_VOLUME, clampVolume } from "../audio/volume";
import { TranscriptList } from "../ui/transcript/TranscriptList";
import { formatTime } from "../lib/format";
import { Badge, Button, Modal, RetryAlert, Spinner, useFollowBottom } from "../ui";
import { LiveListener } from "./liveAudio";
import { useLiveViewer } from "./useLiveViewer";

export function LiveTranscriptModal({ call, title, onClose }: { call: LiveCallSummary; title: string; onClose: () => void }) {
  const [listen, setListen] = useState(false);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [playedSeconds, setPlayedSeconds] = useState(0);
  const [listener, setListener] = useState<LiveListener | null>(null);
  const viewer = useLiveViewer(call.id, { listen, audio: listener });
  // Follow new words unless the reader scrolled up to read earlier ones.
  const follow = useFollowBottom<HTMLDivElement>([viewer.entries]);

  // The audio graph lives while listening; it is created on the click (autoplay rules).
  useEffect(() => () => listener?.close(), [listener]);
  useEffect(() => {
    if (viewer.status === "ended" && listen) {
      setListen(false);
      setListener(null);
    }
  }, [viewer.status, listen]);

  const toggleListen = () => {
    if (listen) {
      setListen(false);
      setListener(null);
      return;
    }
    setListener(new LiveListener(volume, setPlayedSeconds));
    setListen(true);
  };

  const changeVolume = (v: number) => {
    const next = clampVolume(v);
    setVolume(next);
    listener?.setVolume(next);
  };

  const assistantName = viewer.call?.echoName ?? call.echoName ?? "Echo";
  const ended = viewer.status === "ended";

  return (
    <Modal open onClose={onClose} size="lg" title="Live transcript" description={`${title} · started ${formatTime(call.startTime)}`}>
      <div className="flex flex-col gap-4" data-viewer-status={viewer.status} data-listen-seconds={playedSeconds.toFixed(2)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            {viewer.status === "live" ? <Badge tone="live">Live</Badge> : null}
            {viewer.status === "connecting" || viewer.status === "reconnecting" ? <Spinner size="sm" /> : null}
            {ended ? <Badge tone="neutral">Call ended</Badge> : null}
            <span>
              {viewer.status === "connecting"
                ? "Connecting to the call…"
                : viewer.status === "reconnecting"
                  ? "Connection lost, reconnecting…"
                  : viewer.status === "live"
                    ? "New words appear as they are spoken."
                    : ended
                      ? "This call is over. Its transcript stays in Call History."
                      : ""}
            </span>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant={listen ? "primary" : "secondary"} size="sm" aria-pressed={listen} onClick={toggleListen} disabled={ended || viewer.status === "failed"}>
              {listen ? "Stop Listening" : "Listen"}
            </Button>
            <label className="flex items-center gap-2 text-sm text-slate-600">
              <span>Listen volume</span>
              <input
                type="range"
                min={0}
                max={100}
                step={1}
                value={volume}
                onChange={(e) => changeVolume(Number(e.target.value))}
                disabled={!listen}
                className="w-28 accent-indigo-600"
              />
              <span className="w-8 tabular-nums text-xs text-slate-500">{volume}</span>
            </label>
          </div>
        </div>
        {viewer.status === "failed" ? (
          <RetryAlert title="Could not connect to the live call." onRetry={viewer.retry}>
            {viewer.problem ?? "It may have ended, or your connection dropped."}
          </RetryAlert>
        ) : viewer.problem ? (
          <p className="text-xs text-slate-500" data-testid="live-protocol-note">
            {viewer.problem}
          </p>
        ) : null}
        {/* Focusable so the transcript can be scrolled with the keyboard. */}
        <div
          ref={follow.ref}
          tabIndex={0}
          className="max-h-[55dvh] overflow-y-auto rounded-xl border border-slate-200 bg-slate-50/50 p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <div role="log" aria-live="polite" aria-relevant="additions text" aria-label="Live transcript">
            {viewer.entries.length > 0 ? (
              <TranscriptList transcript={viewer.entries} startTime={viewer.call?.startTime ?? call.startTime} assistantName={assistantName} />
            ) : (
              <p className="py-8 text-center text-sm text-slate-500">
                {viewer.status === "connecting" ? "Loading the transcript…" : "Nothing has been said yet. Words will appear here as they are spoken."}
              </p>
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}
