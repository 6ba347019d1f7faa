// Settings → Callbacks: the calls your Echo places back to you (issue 42 §3), upcoming (soonest first)
// and past, each with its status, and Cancel for the ones that haven't rung yet.
import { useCallback, useEffect, useState } from "react";
import { CALLBACK_STATUS_LABELS, CANCELLABLE_STATUSES, type CallbackList, type CallbackStatus, type CallbackView } from "../../protocol/callbacks";
import { api, ApiRequestError } from "../lib/api";
import { formatDateTime } from "../lib/format";
import { Alert, Badge, type BadgeTone, Button, Card, CardBody, CardHeader, EmptyState, LoadingBlock, RetryAlert } from "../ui";

const TONE: Record<CallbackStatus, BadgeTone> = {
  scheduled: "accent",
  ringing: "live",
  answered: "success",
  voicemail: "neutral",
  missed: "warning",
  cancelled: "neutral",
  waiting_for_number: "warning",
};

type Load = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; list: CallbackList };

function message(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status !== 0 && err.status < 500 ? err.message : fallback;
}

export function CallbacksSection() {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const reload = useCallback(() => {
    setLoad({ status: "loading" });
    api<CallbackList>("/api/callbacks").then(
      (list) => setLoad({ status: "ready", list }),
      (err: unknown) => setLoad({ status: "error", message: message(err, "Please check your connection and try again.") }),
    );
  }, []);
  useEffect(reload, [reload]);

  return (
    <Card role="region" aria-labelledby="callbacks-heading">
      <CardHeader id="callbacks-heading" title="Callbacks" headingLevel={3} description="Calls your Echo places back to you when you ask it to call you." />
      <CardBody>
        {load.status === "loading" ? (
          <LoadingBlock label="Loading your callbacks" className="py-6" />
        ) : load.status === "error" ? (
          <RetryAlert title="Failed to load your callbacks" onRetry={reload}>
            {load.message}
          </RetryAlert>
        ) : (
          <CallbackLists list={load.list} onChanged={(list) => setLoad({ status: "ready", list })} />
        )}
      </CardBody>
    </Card>
  );
}

function CallbackLists({ list, onChanged }: { list: CallbackList; onChanged: (list: CallbackList) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function cancel(callback: CallbackView) {
    setBusy(callback.id);
    setError(null);
    try {
      const cancelled = await api<CallbackView>(`/api/callbacks/${callback.id}/cancel`, { method: "POST", body: {} });
      onChanged({ upcoming: list.upcoming.filter((c) => c.id !== callback.id), past: [cancelled, ...list.past].sort((a, b) => b.dueAt - a.dueAt) });
    } catch (err) {
      setError(message(err, "The callback could not be cancelled. Please try again."));
    } finally {
      setBusy(null);
    }
  }

  if (list.upcoming.length === 0 && list.past.length === 0) {
    return <EmptyState title="No callbacks yet">During a call, ask your Echo to call you back (“call me tomorrow at 8”), and it shows up here.</EmptyState>;
  }
  return (
    <div className="flex flex-col gap-5">
      {error ? (
        <Alert tone="error" title="Not cancelled">
          {error}
        </Alert>
      ) : null}
      <CallbackGroup title="Upcoming" empty="Nothing scheduled." callbacks={list.upcoming} busy={busy} onCancel={cancel} />
      <CallbackGroup title="Past" empty="No past callbacks." callbacks={list.past} busy={busy} onCancel={cancel} />
    </div>
  );
}

function CallbackGroup(props: { title: string; empty: string; callbacks: CallbackView[]; busy: string | null; onCancel: (c: CallbackView) => void }) {
  const headingId = `callbacks-${props.title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="mb-2 text-sm font-semibold text-slate-700">
        {props.title}
      </h4>
      {props.callbacks.length === 0 ? (
        <p className="text-sm text-slate-500">{props.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {props.callbacks.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={`Callback ${formatDateTime(c.dueAt)}`}>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{formatDateTime(c.dueAt)}</p>
                <p className="break-words text-sm text-slate-600">
                  {c.reason || "No reason given"}
                  {c.echoName ? <span className="text-slate-400"> · {c.echoName}</span> : null}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={TONE[c.status]}>{CALLBACK_STATUS_LABELS[c.status]}</Badge>
                {CANCELLABLE_STATUSES.includes(c.status) ? (
                  <Button size="sm" variant="secondary" disabled={props.busy === c.id} onClick={() => props.onCancel(c)} aria-label={`Cancel the callback at ${formatDateTime(c.dueAt)}`}>
                    {props.busy === c.id ? "Cancelling…" : "Cancel"}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
