// The live transcript: speaker, time, text, action lines and emotion chips per entry. New entries are announced
// politely (role="log"); the list keeps the newest entry in view.
import type { TranscriptEntry } from "../../protocol/call-messages";
import { formatPercent, formatTime } from "../lib/format";
import { ActionLines, Badge, cx, useFollowBottom } from "../ui";
import { topEmotions } from "./emotions";

export function EmotionChips({ emotions }: { emotions: TranscriptEntry["emotions"] }) {
  const top = topEmotions(emotions);
  if (top.length === 0) return null;
  return (
    <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Emotions">
      {top.map(([name, score]) => (
        <li key={name}>
          <Badge tone="accent" className="capitalize">
            {name} {formatPercent(score)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export function TranscriptEntryItem({ entry, assistantName, streaming }: { entry: TranscriptEntry; assistantName: string; streaming: boolean }) {
  const caller = entry.speaker === "caller";
  return (
    <li data-speaker={entry.speaker} data-final={!streaming} aria-busy={streaming || undefined} className={cx("flex", caller ? "justify-end" : "justify-start")}>
      <div className={cx("max-w-[85%] rounded-xl px-3.5 py-2.5", caller ? "bg-indigo-50 text-slate-900" : "bg-slate-100 text-slate-900")}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
          <span className="font-semibold text-slate-700">{caller ? "You" : assistantName}</span>
          <time dateTime={new Date(entry.timestamp).toISOString()}>{formatTime(entry.timestamp)}</time>
          {entry.interrupted ? <Badge tone="warning">Interrupted</Badge> : null}
        </p>
        <p className="mt-0.5 whitespace-pre-wrap break-words text-sm leading-relaxed">
          {entry.text}
          {streaming ? (
            <span aria-hidden="true" className="ml-1 inline-block text-slate-400 motion-safe:animate-pulse">
              …
            </span>
          ) : null}
        </p>
        <ActionLines actions={entry.actions} />
        <EmotionChips emotions={entry.emotions} />
      </div>
    </li>
  );
}

export function TranscriptView({
  entries,
  streaming = [],
  assistantName,
  emptyText,
  className,
}: {
  entries: readonly TranscriptEntry[];
  /** Ids of assistant entries still streaming in. */
  streaming?: readonly string[];
  assistantName: string;
  emptyText: string;
  className?: string;
}) {
  // Follow the newest entry unless the reader scrolled up to read an earlier one.
  const follow = useFollowBottom<HTMLDivElement>([entries, streaming]);

  return (
    // Focusable so the scrolling region can be scrolled with the keyboard.
    <div
      ref={follow.ref}
      tabIndex={0}
      className={cx(
        "overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
        className,
      )}
    >
      <ol role="log" aria-live="polite" aria-relevant="additions text" aria-label="Transcript" className="flex flex-col gap-2.5">
        {entries.map((e) => (
          <TranscriptEntryItem key={e.id} entry={e} assistantName={assistantName} streaming={streaming.includes(e.id)} />
        ))}
      </ol>
      {entries.length === 0 ? <p className="py-6 text-center text-sm text-slate-500">{emptyText}</p> : null}
    </div>
  );
}
