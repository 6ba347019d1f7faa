// The summary at the top of Call Details: text, mood arc, follow-ups and topics; a failed (or missing)
// summary says why and offers "Retry summary" (POST /api/calls/:id/summary).
import { useEffect, useReducer, useState } from "react";
import { type CallRecap, RECAP_WAIT_MS, type RecapRetryResult } from "../../protocol/summary";
import { ApiRequestError, api } from "../lib/api";
import { Alert, Badge, Button } from "../ui";

export const RECAP_EXTRACTIVE_NOTE = "Extractive summary: the caller's own words (this Echo's engine has no language model).";
export const RECAP_PENDING = "Summarizing this call…";

export const RECAP_MISSING = "No summary was made for this call.";
export const RECAP_STALLED = "The summary did not finish.";

/** When a "waiting" view gives up (the summary is missing or stalled), or null for any other view. */
export function recapWaitEnds(recap: CallRecap | null, endTime: number | null): number | null {
  if (endTime === null) return null;
  if (!recap) return endTime + RECAP_WAIT_MS;
  return recap.status === "pending" ? recap.updatedAt + RECAP_WAIT_MS : null;
}

/** What the block shows for a call that ended at `endTime` (null: still running). */
export function recapView(recap: CallRecap | null, endTime: number | null, now: number): "none" | "waiting" | "missing" | "stalled" | "failed" | "ready" {
  if (endTime === null) return "none";
  if (!recap) return now - endTime < RECAP_WAIT_MS ? "waiting" : "missing";
  if (recap.status === "pending") return now - recap.updatedAt < RECAP_WAIT_MS ? "waiting" : "stalled";
  return recap.status;
}

export function CallRecapBlock({ callId, recap, endTime, onChange }: { callId: string; recap: CallRecap | null; endTime: number | null; onChange: (recap: CallRecap) => void }) {
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const waitEnds = recapWaitEnds(recap, endTime);
  useEffect(() => {
    // Shown "Summarizing…" with no word from the server (its worker died): at the deadline, say it did
    // not finish and offer Retry summary.
    if (waitEnds === null) return;
    const id = window.setTimeout(rerender, Math.max(0, waitEnds - Date.now()) + 50);
    return () => window.clearTimeout(id);
  }, [waitEnds]);

  async function retry() {
    setRetrying(true);
    setRetryError(null);
    try {
      const { recap: fresh } = await api<RecapRetryResult>(`/api/calls/${encodeURIComponent(callId)}/summary`, { method: "POST" });
      onChange(fresh);
    } catch (err) {
      setRetryError(err instanceof ApiRequestError ? err.message : "Could not make the summary. Please try again.");
    } finally {
      setRetrying(false);
    }
  }

  const retryButton = (
    <Button size="sm" variant="secondary" loading={retrying} onClick={() => void retry()}>
      Retry summary
    </Button>
  );

  const view = recapView(recap, endTime, Date.now());
  let body;
  if (view === "none") body = null;
  else if (view === "waiting") body = <p className="text-sm text-slate-500">{RECAP_PENDING}</p>;
  else if (view === "missing" || view === "stalled")
    body = (
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-500">
        {view === "missing" ? RECAP_MISSING : RECAP_STALLED} {retryButton}
      </p>
    );
  else if (view === "failed" || !recap || recap.status !== "ready")
    body = (
      <Alert tone="error" title="The summary failed" action={retryButton}>
        {recap?.error ?? "Unknown error."}
      </Alert>
    );
  else
    body = (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-800" data-testid="call-summary-text">
          {recap.text}
        </p>
        {recap.method === "extractive" ? <p className="text-xs text-slate-500">{RECAP_EXTRACTIVE_NOTE}</p> : null}
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          {recap.moodArc ? (
            <span>
              Mood: <span className="font-medium text-slate-800">{recap.moodArc}</span>
            </span>
          ) : null}
          {recap.topics.map((t) => (
            <Badge key={t} tone="neutral">
              {t}
            </Badge>
          ))}
        </div>
        {recap.followUps.length ? (
          <div>
            <h4 className="text-xs font-semibold text-slate-700">Follow-ups</h4>
            <ul className="list-disc pl-5 text-sm text-slate-700">
              {recap.followUps.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    );
  if (!body) return null;
  return (
    <section aria-labelledby="summary-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="call-summary">
      <h3 id="summary-heading" className="text-sm font-semibold text-slate-900">
        Summary
      </h3>
      {body}
      {retryError ? <p className="text-sm text-red-700">{retryError}</p> : null}
    </section>
  );
}
