// The Test Call tab's call history container (left empty by the spec): this user's recent browser
// test calls, newest first, each with its transcript one click away.
import { useEffect, useState } from "react";
import type { CallDetail, CallListPage, CallSummary } from "../../protocol/calls";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { formatDateTime, formatDuration } from "../lib/format";
import { Alert, Badge, Button, Modal, Spinner } from "../ui";
import { TranscriptView } from "./TranscriptView";

export const RECENT_TEST_CALLS = 5;

type Load<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: T };

function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

function CallTranscriptModal({ call, onClose }: { call: CallSummary; onClose: () => void }) {
  const [detail, setDetail] = useState<Load<CallDetail>>({ status: "loading" });
  useEffect(() => {
    const abort = new AbortController();
    api<CallDetail>(`/api/calls/${encodeURIComponent(call.id)}`, { signal: abort.signal })
      .then((data) => setDetail({ status: "ready", data }))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setDetail({ status: "error", message: errorText(err, "Failed to load calls") });
      });
    return () => abort.abort();
  }, [call.id]);

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Test call with ${call.echoName ?? "an Echo"}`}
      description={`${formatDateTime(call.startTime)} · ${formatDuration(call.duration)} · ${call.status}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {detail.status === "loading" ? <Spinner label="Loading transcript" /> : null}
      {detail.status === "error" ? <Alert>{detail.message}</Alert> : null}
      {detail.status === "ready" ? (
        <TranscriptView
          entries={detail.data.transcript}
          assistantName={detail.data.echoName ?? "Echo"}
          live={false}
          emptyText="Nothing was said in this call."
          className="max-h-[60vh]"
        />
      ) : null}
    </Modal>
  );
}

export function RecentTestCalls({ refreshKey }: { refreshKey: number }) {
  const [calls, setCalls] = useState<Load<CallSummary[]>>({ status: "loading" });
  const [open, setOpen] = useState<CallSummary | null>(null);
  const [version, setVersion] = useState(0);
  useFeed((signal) => {
    if (signal.type === "call_changed" || signal.type === "feed_reconnected") setVersion((n) => n + 1);
  });

  useEffect(() => {
    const abort = new AbortController();
    setCalls((prev) => (prev.status === "ready" ? prev : { status: "loading" }));
    api<CallListPage>(`/api/calls?callType=browser_test&limit=${RECENT_TEST_CALLS}`, { signal: abort.signal })
      .then((page) => setCalls({ status: "ready", data: page.calls }))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setCalls({ status: "error", message: errorText(err, "Failed to load calls") });
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
                <Badge tone={call.status === "completed" ? "success" : "neutral"}>{call.status}</Badge>
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
                <Button size="sm" variant="ghost" className="-ml-3" onClick={() => setOpen(call)} aria-label={`View transcript of the test call at ${formatDateTime(call.startTime)}`}>
                  View transcript
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <CallTranscriptModal call={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
