// The call details modal: details, emotion-over-time plot, whole transcript and export buttons. A call
// the safety net flagged shows the "Safety alert" badge with its details (and on the entry that hit).
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { CallDetail } from "../../protocol/call-history";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { LoadOrder } from "../lib/loadOrder";
import { formatCaller, formatDateTime, formatDuration } from "../lib/format";
import { Badge, Button, LoadingBlock, Modal, RetryAlert, SafetyBadge, buttonClasses } from "../ui";
import { statusTone } from "./callList";
import { statusLabel } from "../lib/callStatus";
import { callerTurnCount } from "../lib/transcriptLines";
import { CallRecapBlock } from "./CallRecapBlock";
import { EmotionChart } from "./EmotionChart";
import { TranscriptList } from "../ui/transcript/TranscriptList";
import { type PlayerHandle, RecordingPlayer } from "./RecordingPlayer";
import { clockOf, entryAt, entryStartSec } from "./recordingTimeline";
import { CallSharing } from "./details/CallSharing";
import { DeleteCallButton } from "./details/DeleteCallButton";

export const DETAIL_LOAD_FAILED = "Failed to load this call. Please try again.";

type State = { status: "loading" } | { status: "error" } | { status: "ready"; call: CallDetail };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function CallDetailsModal({ callId, onClose }: { callId: string; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const player = useRef<PlayerHandle>(null);
  const [heardAt, setHeardAt] = useState<number | null>(null);

  const order = useRef(new LoadOrder()).current;
  const load = useCallback(
    async (quiet: boolean) => {
      const mine = order.start();
      if (!quiet) setState({ status: "loading" });
      try {
        const call = await api<CallDetail>(`/api/calls/${encodeURIComponent(callId)}`);
        if (order.accept(mine)) setState({ status: "ready", call });
      } catch {
        // A quiet refresh that fails keeps the call on screen; the newest load's failure with nothing shown is an error.
        if (order.failed(mine)) setState((s) => (quiet && s.status === "ready" ? s : { status: "error" }));
      }
    },
    [callId, order],
  );

  useEffect(() => {
    order.reset(); // another call's answers are out of date
    void load(false);
  }, [load, order]);

  useFeed((signal) => {
    if ((signal.type === "call_changed" && signal.callId === callId) || signal.type === "feed_connected") void load(true);
  });

  const exportHref = (format: "txt" | "json") => `/api/calls/${encodeURIComponent(callId)}/export?format=${format}`;
  const call = state.status === "ready" ? state.call : null;
  const recording = call?.recording ?? null;
  const playback =
    call && recording
      ? {
          activeId: heardAt === null ? null : (entryAt(call.transcript, recording.startedAt, heardAt)?.id ?? null),
          onSelect: (e: CallDetail["transcript"][number]) => player.current?.seek(entryStartSec(e, recording.startedAt)),
          label: (e: CallDetail["transcript"][number]) => clockOf(entryStartSec(e, recording.startedAt)),
        }
      : undefined;
  /** A point on the emotion plot: play from the entry scored at that moment. */
  const seekToCallTime = (t: number) => {
    if (!call || !recording) return;
    const at = call.startTime + t * 1000;
    const entry = call.transcript.reduce<CallDetail["transcript"][number] | null>(
      (best, e) => (!best || Math.abs(e.timestamp - at) < Math.abs(best.timestamp - at) ? e : best),
      null,
    );
    if (entry) player.current?.seek(entryStartSec(entry, recording.startedAt));
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title="Call Details"
      description={call ? `${formatCaller(call)} · ${formatDateTime(call.startTime)}` : undefined}
      footer={
        <>
          {call ? (
            <>
              <DeleteCallButton callId={call.id} inProgress={call.status === "in-progress"} onDeleted={onClose} />
              <a className={buttonClasses("secondary", "md")} href={exportHref("txt")} download>
                Export text
              </a>
              <a className={buttonClasses("secondary", "md")} href={exportHref("json")} download>
                Export JSON
              </a>
            </>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {state.status === "loading" ? (
        <LoadingBlock label="Loading call" />
      ) : state.status === "error" ? (
        <RetryAlert title={DETAIL_LOAD_FAILED} onRetry={() => void load(false)} />
      ) : (
        <div className="flex flex-col gap-6" data-testid="call-details">
          <CallRecapBlock
            callId={state.call.id}
            recap={state.call.recap}
            endTime={state.call.status === "in-progress" ? null : (state.call.endTime ?? state.call.startTime)}
            onChange={(recap) => {
              order.reset(); // a refresh on its way read the call before this summary
              setState((s) => (s.status === "ready" ? { status: "ready", call: { ...s.call, recap } } : s));
            }}
          />
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Detail label="Status">
              <Badge tone={statusTone(state.call.status)}>{statusLabel(state.call.status)}</Badge>
            </Detail>
            {state.call.safetyAlert ? (
              <Detail label="Safety">
                <SafetyBadge category={state.call.safetyAlert} />
              </Detail>
            ) : null}
            <Detail label="Started">{formatDateTime(state.call.startTime)}</Detail>
            <Detail label="Duration">
              <span className="tabular-nums">{formatDuration(state.call.duration)}</span>
            </Detail>
            <Detail label="From">{formatCaller(state.call)}</Detail>
            <Detail label="Echo">{state.call.echoName ?? "—"}</Detail>
            <Detail label="Turns">
              <span title={`${state.call.transcript.length} lines in all`}>{callerTurnCount(state.call.transcript)}</span>
            </Detail>
          </dl>
          {recording ? (
            <section aria-labelledby="recording-heading" className="flex flex-col gap-2">
              <h3 id="recording-heading" className="text-sm font-semibold text-slate-900">
                Recording
              </h3>
              <RecordingPlayer ref={player} src={recording.url} onTime={setHeardAt} />
            </section>
          ) : null}
          <CallSharing callId={state.call.id} />
          <section aria-labelledby="emotion-heading" className="flex flex-col gap-2">
            <h3 id="emotion-heading" className="text-sm font-semibold text-slate-900">
              Emotion over time
            </h3>
            <EmotionChart transcript={state.call.transcript} startTime={state.call.startTime} onSelectTime={recording ? seekToCallTime : undefined} />
          </section>
          <section aria-labelledby="transcript-heading" className="flex flex-col gap-2">
            <h3 id="transcript-heading" className="text-sm font-semibold text-slate-900">
              Transcript
            </h3>
            <TranscriptList transcript={state.call.transcript} startTime={state.call.startTime} assistantName={state.call.echoName ?? "Echo"} playback={playback} />
          </section>
        </div>
      )}
    </Modal>
  );
}
