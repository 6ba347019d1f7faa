// Call History (spec §2): status as stored, start time, duration (m:ss), caller, a 100-character
// transcript preview and View Details; newest first, "Load more" for older calls; transcript search.
// A call the safety net flagged has the "Safety alert" badge; "Calls with safety alerts" keeps only those.
import { useState } from "react";
import type { CallType } from "../../protocol/call-messages";
import type { CallSummary } from "../../protocol/call-history";
import { formatCaller, formatDateTime, formatDuration, viewDetailsLabel } from "../lib/format";
import { Alert, Badge, Button, Card, CardBody, CardHeader, EmptyState, LoadingBlock, RetryAlert, SafetyBadge, Select } from "../ui";
import { CallDetailsModal } from "./CallDetailsModal";
import { statusTone } from "./callList";
import { statusLabel } from "../lib/callStatus";
import { TranscriptSearch } from "./TranscriptSearch";
import { useCallHistory } from "./useCallHistory";

export const LOAD_FAILED = "Failed to load calls";
export const SAFETY_FILTER_LABEL = "Calls with safety alerts";

const FILTERS = [
  { value: "", label: "All calls" },
  { value: "phone", label: "Phone calls" },
  { value: "browser_test", label: "Browser tests" },
] as const;

function CallRow({ call, onOpen }: { call: CallSummary; onOpen: () => void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-call-id={call.id}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-medium text-slate-900">{formatCaller(call)}</span>
          <Badge tone={statusTone(call.status)}>{statusLabel(call.status)}</Badge>
          {call.safetyAlert ? <SafetyBadge category={call.safetyAlert} /> : null}
          {call.callType === "phone" && !call.callerVerified ? (
            <Badge tone="warning" title="Caller ID was not verified: this call gets nothing personal">
              Unverified caller
            </Badge>
          ) : null}
          {call.echoName ? <span className="text-slate-500">with {call.echoName}</span> : null}
        </div>
        <p className="mt-0.5 text-xs text-slate-500">
          <time dateTime={new Date(call.startTime).toISOString()}>{formatDateTime(call.startTime)}</time>
          {" · "}
          <span className="tabular-nums" aria-label={`Duration ${formatDuration(call.duration)}`}>
            {formatDuration(call.duration)}
          </span>
        </p>
        <p className="mt-1.5 break-words text-sm text-slate-600" data-testid="call-preview">
          {call.summaryText ?? (call.preview ? `${call.preview}${call.previewTruncated ? "…" : ""}` : <span className="italic text-slate-400">No transcript</span>)}
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={onOpen} className="self-start sm:self-center" aria-label={viewDetailsLabel(call)}>
        View Details
      </Button>
    </li>
  );
}

export function CallHistory() {
  const [callType, setCallType] = useState<CallType | "">("");
  const [openCallId, setOpenCallId] = useState<string | null>(null);
  const [safetyOnly, setSafetyOnly] = useState(false);
  const { state, reload, loadMore } = useCallHistory(callType, safetyOnly);

  return (
    <Card role="region" aria-labelledby="call-history-heading">
      <CardHeader
        id="call-history-heading"
        title="Call History"
        headingLevel={3}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-1.5 text-sm text-slate-700">
              <input type="checkbox" className="size-4 rounded border-slate-300 text-rose-600 focus-visible:outline-2 focus-visible:outline-indigo-600" checked={safetyOnly} onChange={(e) => setSafetyOnly(e.target.checked)} />
              {SAFETY_FILTER_LABEL}
            </label>
            <Select
              label={<span className="sr-only">Show</span>}
              fieldClassName="gap-0"
              value={callType}
              onChange={(e) => setCallType(e.target.value as CallType | "")}
              options={FILTERS}
            />
          </div>
        }
      />
      <CardBody>
        <TranscriptSearch onOpenCall={setOpenCallId}>
          {state.status === "loading" ? (
            <LoadingBlock label="Loading calls" />
          ) : state.status === "error" ? (
            <RetryAlert title={LOAD_FAILED} onRetry={reload} />
          ) : state.calls.length === 0 ? (
            <EmptyState title={safetyOnly ? "No calls with safety alerts" : callType ? "No calls of this kind yet" : "No calls yet"}>
              Calls to your Echoes appear here with their transcripts. Try one from the Test Call tab.
            </EmptyState>
          ) : (
            <div className="flex flex-col gap-4">
              <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label="Past calls">
                {state.calls.map((call) => (
                  <CallRow key={call.id} call={call} onOpen={() => setOpenCallId(call.id)} />
                ))}
              </ul>
              {state.loadMoreFailed ? <Alert>{LOAD_FAILED}</Alert> : null}
              {state.nextCursor ? (
                <Button variant="secondary" className="self-center" loading={state.loadingMore} onClick={() => void loadMore()}>
                  Load more
                </Button>
              ) : null}
            </div>
          )}
        </TranscriptSearch>
      </CardBody>
      {openCallId ? <CallDetailsModal callId={openCallId} onClose={() => setOpenCallId(null)} /> : null}
    </Card>
  );
}
