// A call's whole transcript: speaker, time, text, emotions (one-decimal percents), interruptions and
// the per-turn latency breakdown when the server measured it.
import type { TranscriptEntry } from "../../protocol/call";
import { formatMs, formatOffset, formatPercent, formatTime, sortedEmotions } from "../lib/format";
import { Badge, cx } from "../ui";

export function TranscriptList({ transcript, startTime, assistantName }: { transcript: TranscriptEntry[]; startTime: number; assistantName: string }) {
  if (transcript.length === 0) return <p className="text-sm text-slate-500">This call has no transcript.</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label="Transcript">
      {transcript.map((e) => {
        const caller = e.speaker === "caller";
        const emotions = sortedEmotions(e.emotions);
        return (
          <li
            key={e.id}
            data-testid="transcript-entry"
            className={cx("rounded-xl px-4 py-3 ring-1 ring-inset", caller ? "bg-white ring-slate-200" : "bg-indigo-50/60 ring-indigo-100")}
          >
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs">
              <span className={cx("font-semibold", caller ? "text-slate-800" : "text-indigo-700")}>{caller ? "Caller" : assistantName}</span>
              <time dateTime={new Date(e.timestamp).toISOString()} title={formatTime(e.timestamp)} className="tabular-nums text-slate-500">
                {formatOffset(startTime, e.timestamp)}
              </time>
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
