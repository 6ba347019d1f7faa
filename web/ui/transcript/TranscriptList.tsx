// A call's whole transcript: speaker, one time per line, text, a "Typed" mark on typed turns, emotions
// (one-decimal percents: those ≥ 5 % shown, the rest on demand; on the Echo's lines they are its tone),
// interruptions and the per-turn latency breakdown when the server measured it (no speech-to-text figure
// for a typed turn). With a recording: the entry being heard is highlighted (and kept in view), and each
// entry's time is a "Play from" button (a click on the entry does the same). A caller entry says where
// its emotions came from ("from words and voice"); one the safety net marked has the "Safety alert" badge.
// An Echo entry that took actions (a callback scheduled, something remembered) shows them as action lines.
import { useEffect, useRef } from "react";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { formatEmotionSource, formatMs, formatOffset, formatPercent, formatTime } from "../../lib/format";
import { splitEmotions, typedLineIds } from "../../lib/transcriptLines";
import { Badge, cx } from "..";
import { SafetyBadge } from "../safety/SafetyBadge";
import { ActionLines } from "./ActionLines";

function EmotionChips({ emotions, label }: { emotions: [string, number][]; label: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {emotions.map(([name, score]) => (
        <li key={name} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700" data-testid="emotion-score">
          <span className="capitalize">{name}</span> <span className="tabular-nums font-medium">{formatPercent(score)}</span>
        </li>
      ))}
    </ul>
  );
}

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
  const typed = typedLineIds(transcript);
  return (
    <ol className="flex flex-col gap-3" aria-label="Transcript">
      {transcript.map((e) => {
        const caller = e.speaker === "caller";
        const { shown, rest } = splitEmotions(e.emotions);
        const chipsLabel = caller ? "Emotions" : `${assistantName}'s tone`;
        const typedTurn = e.latency ? e.outcome?.sttMode === "typed" : false;
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
              {playback ? null : (
                <time dateTime={new Date(e.timestamp).toISOString()} title={formatTime(e.timestamp)} className="tabular-nums text-slate-500" data-testid="entry-time">
                  {formatOffset(startTime, e.timestamp)}
                </time>
              )}
              {playback ? (
                <button
                  type="button"
                  className="rounded px-1 text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  aria-label={`Play the recording from ${playback.label(e)}`}
                  title={formatTime(e.timestamp)}
                  data-testid="entry-time"
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
              {typed.has(e.id) ? (
                <Badge tone="neutral" title="Typed in the Test Call tab, not spoken">
                  Typed
                </Badge>
              ) : null}
              {e.interrupted ? (
                <Badge tone="warning" title="The caller spoke over this reply; the text is what was actually said.">
                  Interrupted
                </Badge>
              ) : null}
            </div>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{e.text}</p>
            <ActionLines actions={e.actions} />
            {shown.length + rest.length > 0 ? (
              <div className="mt-2 flex flex-wrap items-center gap-1.5" data-testid="entry-emotions">
                {caller ? null : <span className="text-xs text-slate-500">Tone:</span>}
                {shown.length > 0 ? <EmotionChips emotions={shown} label={chipsLabel} /> : null}
                {rest.length > 0 ? (
                  <details className="text-xs text-slate-500" onClick={(ev) => ev.stopPropagation()}>
                    <summary className="cursor-pointer rounded px-1 hover:text-slate-700">{shown.length > 0 ? `${rest.length} more` : `${chipsLabel} (all under 5%)`}</summary>
                    <div className="mt-1.5">
                      <EmotionChips emotions={rest} label={`${chipsLabel}, the rest`} />
                    </div>
                  </details>
                ) : null}
              </div>
            ) : null}
            {caller && e.emotionSource && shown.length + rest.length > 0 ? (
              <p className="mt-1 text-xs text-slate-500" data-testid="emotion-source">
                {formatEmotionSource(e.emotionSource)}
              </p>
            ) : null}
            {e.latency ? (
              <p className="mt-2 text-xs text-slate-500" data-testid="turn-latency">
                <span className="font-medium text-slate-600">Latency:</span> {typedTurn ? "typed" : `transcribe ${formatMs(e.latency.transcribeMs)}`} · first token{" "}
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
