// AI health (issue 14): for the last 24 hours of the user's calls, how many turns the Echo answered,
// how many failed and at which step, the retries, and the p50 / p95 of each stage (GET /api/calls/health).
// Refreshes when a call changes.
import type { CallHealth } from "../../protocol/health";
import { useFeedResource } from "../lib/useFeedResource";
import { Card, CardBody, CardHeader, RetryAlert, Spinner } from "../ui";
import { failureSummary, retrySummary, stageRows } from "./aiHealth";

export function AiHealth() {
  const { state, reload } = useFeedResource<CallHealth>("/api/calls/health", (s) => s.type === "call_changed" || s.type === "feed_connected");
  return (
    <Card aria-labelledby="ai-health-heading" role="region">
      <CardHeader id="ai-health-heading" title="AI health" description="Your calls in the last 24 hours." />
      <CardBody>
        {state.status === "loading" ? <Spinner label="Loading AI health" /> : null}
        {state.status === "error" ? <RetryAlert title="Could not load AI health." onRetry={() => void reload()} /> : null}
        {state.status === "ready" ? (
          state.turns === 0 ? (
            <p className="text-sm text-slate-500">No answered turns in the last 24 hours.</p>
          ) : (
            <div className="flex flex-col gap-3" data-testid="ai-health">
              <p className="text-sm text-slate-700">
                {state.turns} {state.turns === 1 ? "turn" : "turns"} · {failureSummary(state)} · {retrySummary(state)}
              </p>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-xs uppercase text-slate-500">
                    <tr>
                      <th scope="col" className="py-1 pr-4 font-medium">Stage</th>
                      <th scope="col" className="py-1 pr-4 font-medium">p50</th>
                      <th scope="col" className="py-1 pr-4 font-medium">p95</th>
                      <th scope="col" className="py-1 font-medium">Turns</th>
                    </tr>
                  </thead>
                  <tbody className="text-slate-700">
                    {stageRows(state).map((row) => (
                      <tr key={row.stage} className="border-t border-slate-100">
                        <th scope="row" className="py-1 pr-4 font-normal">{row.label}</th>
                        <td className="py-1 pr-4 tabular-nums">{row.p50}</td>
                        <td className="py-1 pr-4 tabular-nums">{row.p95}</td>
                        <td className="py-1 tabular-nums">{row.turns}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )
        ) : null}
      </CardBody>
    </Card>
  );
}
