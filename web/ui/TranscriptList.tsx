// A call's whole transcript: speaker, time, text, emotions (one-decimal percents) and where a caller
// entry's came from ("from words and voice"), interruptions and
// the per-turn latency breakdown when the server measured it. With a recording: the entry being heard
// is highlighted (and kept in view), and each entry has a "Play from" button (a click on it does the same).
// A caller entry the safety net marked has the "Safety alert" badge with its category.
import { useEffect, useRef } from "react";
import type { TranscriptEntry } from "../../protocol/call-messages";
import { formatEmotionSource, formatMs, formatOffset, formatPercent, formatTime, sortedEmotions } from "../lib/format";
import { Badge, cx } from "../ui";
import { SafetyBadge } from "./safety/SafetyBadge";

export interface TranscriptPlayback {
  /** The entry being heard now. */
  activeId: string | null;
  /** Plays the recording from this entry. */
  onSelect: (entry: TranscriptEntry) => void;
  /** Where the entry starts in the recording, for its button ("0:12"). */
  label: (entry: TranscriptEntry) => string;
}

export function TranscriptList({
  transcript,
  startTime,
  assistantName,
  playback,
}: {
  transcript: TranscriptEntry[];
  startTime: number;
  assistantName: string;
  playback?: TranscriptPlayback;
}) {
  const activeRef = useRef<HTMLLIElement>(null);
  const activeId = playback?.activeId ?? null;
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [activeId]);
  if (transcript.length === 0) return <p className="text-sm text-slate-500">This call has no transcript.</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label="Transcript">
      {transcript.map((e) => {
        const caller = e.speaker === "caller";
        const emotions = sortedEmotions(e.emotions);
        const active = activeId === e.id;
        return (
          <li
            key={e.id}
            ref={active ? activeRef : undefined}
            data-testid="transcript-entry"
            data-active={active ? "true" : undefined}
            aria-current={active ? "true" : undefined}
            onClick={playback ? () => playback.onSelect(e) : undefined}
            className={cx(
              "rounded-xl px-4 py-3 ring-1 ring-inset",
              caller ? "bg-white ring-slate-200" : "bg-indigo-50/60 ring-indigo-100",
              playback && "cursor-pointer",
              active && "ring-2 ring-amber-400",
            )}
          >
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs">
              <span className={cx("font-semibold", caller ? "text-slate-800" : "text-indigo-700")}>{caller ? "Caller" : assistantName}</span>
              <time dateTime={new Date(e.timestamp).toISOString()} title={formatTime(e.timestamp)} className="tabular-nums text-slate-500">
                {formatOffset(startTime, e.timestamp)}
              </time>
              {playback ? (
                <button
                  type="button"
                  className="rounded px-1 text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  aria-label={`Play the recording from ${playback.label(e)}`}
                  onClick={(ev) => {
                    ev.stopPropagation();
                    playback.onSelect(e);
                  }}
                >
                  ▶ {playback.label(e)}
                </button>
              ) : null}
              {active ? <span className="sr-only">(playing)</span> : null}
              {e.safety ? <SafetyBadge category={e.safety} /> : null}
              {e.interrupted ? (
                <Badge tone="warning" title="The caller spoke over this reply; the text is what was actually said.">
                  Interrupted
                </Badge>
              ) : null}
            </div>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{e.text}</p>
            {emotions.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Emotions">
                {emotions.map(([name, score]) => (
                  <li key={name} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700" data-testid="emotion-score">
                    <span className="capitalize">{name}</span> <span className="tabular-nums font-medium">{formatPercent(score)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {caller && e.emotionSource && emotions.length > 0 ? (
              <p className="mt-1 text-xs text-slate-500" data-testid="emotion-source">
                {formatEmotionSource(e.emotionSource)}
              </p>
            ) : null}
            {e.latency ? (
              <p className="mt-2 text-xs text-slate-500" data-testid="turn-latency">
                <span className="font-medium text-slate-600">Latency:</span> transcribe {formatMs(e.latency.transcribeMs)} · first token{" "}
                {formatMs(e.latency.firstTokenMs)} · first audio {formatMs(e.latency.firstAudioMs)}
                {e.latency.endOfTurnMs !== undefined ? ` · end of turn ${formatMs(e.latency.endOfTurnMs)}` : ""}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
