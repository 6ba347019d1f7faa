// The Test Call tab's call history container (left empty by the spec): this user's recent browser
// test calls, newest first, kept current by the change feed; View Details opens the Calls tab's
// details modal (transcript, emotions, latency).
import { useEffect, useState } from "react";
import type { CallListPage, CallSummary } from "../../protocol/call-history";
import { CallDetailsModal } from "./CallDetailsModal";
import { statusTone } from "./callList";
import { statusLabel } from "../lib/callStatus";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { formatDateTime, formatDuration } from "../lib/format";
import { Alert, Badge, Button, Spinner } from "../ui";

export const RECENT_TEST_CALLS = 5;

type Load<T> = { status: "loading" } | { status: "error" } | { status: "ready"; data: T };

export function RecentTestCalls({ refreshKey }: { refreshKey: number }) {
  const [calls, setCalls] = useState<Load<CallSummary[]>>({ status: "loading" });
  const [open, setOpen] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useFeed((signal) => {
    if (signal.type === "call_changed" || signal.type === "feed_connected") setVersion((n) => n + 1);
  });

  useEffect(() => {
    const abort = new AbortController();
    setCalls((prev) => (prev.status === "ready" ? prev : { status: "loading" }));
    api<CallListPage>(`/api/calls?callType=browser_test&limit=${RECENT_TEST_CALLS}`, { signal: abort.signal })
      .then((page) => setCalls({ status: "ready", data: page.calls }))
      .catch(() => {
        // A refresh that fails keeps the list shown (the next change retries); with none shown, Retry.
        if (!abort.signal.aborted) setCalls((prev) => (prev.status === "ready" ? prev : { status: "error" }));
      });
    return () => abort.abort();
  }, [refreshKey, version]);

  return (
    <div id="callHistory" aria-busy={calls.status === "loading"}>
      {calls.status === "loading" ? <Spinner label="Loading recent test calls" /> : null}
      {calls.status === "error" ? (
        <Alert
          action={
            <Button size="sm" variant="secondary" onClick={() => setVersion((n) => n + 1)}>
              Retry
            </Button>
          }
        >
          Failed to load calls
        </Alert>
      ) : null}
      {calls.status === "ready" && calls.data.length === 0 ? (
        <p className="text-sm text-slate-500">Your test calls will be listed here after you end them.</p>
      ) : null}
      {calls.status === "ready" && calls.data.length > 0 ? (
        <ul className="divide-y divide-slate-100" aria-label="Recent test calls">
          {calls.data.map((call) => (
            <li key={call.id} data-call-id={call.id} className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-medium text-slate-900">{call.echoName ?? "Deleted Echo"}</p>
                <Badge tone={statusTone(call.status)}>{statusLabel(call.status)}</Badge>
              </div>
              <p className="text-xs text-slate-500">
                {formatDateTime(call.startTime)} · {formatDuration(call.duration)}
              </p>
              {call.preview ? (
                <p className="line-clamp-2 text-sm text-slate-600">
                  {call.preview}
                  {call.previewTruncated ? "…" : ""}
                </p>
              ) : null}
              <div>
                <Button size="sm" variant="ghost" className="-ml-3" onClick={() => setOpen(call.id)} aria-label={`View Details of the test call at ${formatDateTime(call.startTime)}`}>
                  View Details
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <CallDetailsModal callId={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
