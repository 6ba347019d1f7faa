// Call History (spec §2): status, start time, duration (m:ss), caller, a 100-character transcript
// preview and View Details; newest first, "Load more" for older calls; transcript search. Filters by
// Echo, status, kind, dates and safety alerts live in the URL (HistoryFilterBar), Export CSV takes the
// filtered list. A call in progress reads as Live Calls has it: "Live", its duration ticking, and the
// transcript so far (the server's preview, refreshed as the call's lines reach D1).
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CallSummary } from "../../protocol/call-history";
import { formatCaller, formatDateTime, formatDuration, viewDetailsLabel } from "../lib/format";
import { Alert, Badge, Button, buttonClasses, Card, CardBody, CardHeader, EmptyState, LoadingBlock, RetryAlert, SafetyBadge } from "../ui";
import { CallDetailsModal } from "./CallDetailsModal";
import { statusTone } from "./callList";
import { isLiveStatus, statusLabel } from "../lib/callStatus";
import { useNow } from "../lib/useNow";
import { HistoryFilterBar } from "./history/HistoryFilterBar";
import { type HistoryFilters, NO_FILTERS, filtersFromSearch, filtersToSearch, hasFilters, rangeProblem } from "./history/historyFilters";
import { TranscriptSearch } from "./TranscriptSearch";
import { useCallHistory } from "./useCallHistory";

export const LOAD_FAILED = "Failed to load calls";

/** A live call's duration so far, ticking each second (its row re-renders on its own). */
function LiveDuration({ startTime }: { startTime: number }) {
  const now = useNow(1000);
  const text = formatDuration(Math.max(0, (now - startTime) / 1000));
  return (
    <span className="tabular-nums" data-testid="call-duration" aria-label={`Duration so far ${text}`}>
      {text}
    </span>
  );
}

function CallRow({ call, onOpen }: { call: CallSummary; onOpen: () => void }) {
  const live = isLiveStatus(call.status);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-call-id={call.id} data-live={live || undefined}>
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
          {live ? (
            <LiveDuration startTime={call.startTime} />
          ) : (
            <span className="tabular-nums" data-testid="call-duration" aria-label={`Duration ${formatDuration(call.duration)}`}>
              {formatDuration(call.duration)}
            </span>
          )}
        </p>
        <p className="mt-1.5 break-words text-sm text-slate-600" data-testid="call-preview">
          {call.summaryText ??
            (call.preview ? (
              `${call.preview}${call.previewTruncated ? "…" : ""}`
            ) : (
              <span className="italic text-slate-400">{live ? "Nothing said yet" : "No transcript"}</span>
            ))}
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={onOpen} className="self-start sm:self-center" aria-label={viewDetailsLabel(call)}>
        View Details
      </Button>
    </li>
  );
}

function emptyTitle(f: HistoryFilters): string {
  if (!hasFilters(f)) return "No calls yet";
  if (f.safetyOnly && filtersToSearch({ ...f, safetyOnly: false }).toString() === "") return "No calls with safety alerts";
  return "No calls match these filters";
}

export function CallHistory() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const problem = rangeProblem(filters);
  // ?call=<id> opens that call's details (the Memory view links a remembered fact to its call).
  const [openCallId, setOpenCallId] = useState<string | null>(() => search.get("call"));
  const { state, reload, loadMore } = useCallHistory(filters, problem === null);
  const setFilters = (next: HistoryFilters) => setSearch((prev) => filtersToSearch(next, prev), { replace: true });

  return (
    <Card role="region" aria-labelledby="call-history-heading">
      <CardHeader id="call-history-heading" title="Call History" headingLevel={3} />
      <CardBody>
        <div className="mb-4">
          <HistoryFilterBar filters={filters} onChange={setFilters} />
        </div>
        <TranscriptSearch onOpenCall={setOpenCallId}>
          {problem ? (
            <Alert>{problem}</Alert>
          ) : state.status === "loading" ? (
            <LoadingBlock label="Loading calls" />
          ) : state.status === "error" ? (
            <RetryAlert title={LOAD_FAILED} onRetry={reload} />
          ) : state.calls.length === 0 ? (
            <EmptyState
              title={emptyTitle(filters)}
              action={
                hasFilters(filters) ? (
                  <Button size="sm" variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                    Clear filters
                  </Button>
                ) : (
                  <Link to="/test-call" className={buttonClasses("primary", "sm")}>
                    Try a test call
                  </Link>
                )
              }
            >
              {hasFilters(filters) ? "Try other filters, or clear them to see every call." : "Calls to your Echoes appear here with their transcripts."}
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
      {openCallId ? (
        <CallDetailsModal
          callId={openCallId}
          onClose={() => {
            setOpenCallId(null);
            if (search.has("call")) setSearch((p) => (p.delete("call"), p), { replace: true });
          }}
        />
      ) : null}
    </Card>
  );
}
