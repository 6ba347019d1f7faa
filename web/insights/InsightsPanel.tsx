// Insights (issue 13): the signed-in user's calls over a chosen period, for all Echoes or one — calls,
// durations, failure share, per-Echo figures, the caller's emotion mix over time, common topics from
// summaries and per-stage latency (p50 / p95) from stored turns. One request: GET /api/insights.
import { useState } from "react";
import type { EchoList } from "../../protocol/echo";
import { INSIGHT_PERIODS, type InsightPeriod, type InsightsView } from "../../protocol/insights";
import { LATENCY_STAGES, LATENCY_STAGE_LABELS } from "../../protocol/latency";
import { allEchoes } from "../lib/echoPages";
import { formatStageFigures } from "../lib/format";
import { useFeedResource } from "../lib/useFeedResource";
import { Button, Card, CardBody, CardHeader, LoadingBlock, RetryAlert, Select } from "../ui";
import { EmotionMixChart } from "./EmotionMixChart";
import { PERIOD_LABELS, formatShare, formatTotal } from "./insightsText";
import { useInsights } from "./useInsights";

export const INSIGHTS_LOAD_FAILED = "Failed to load insights. Please try again.";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Body({ view }: { view: InsightsView }) {
  const t = view.totals;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Calls" value={String(t.calls)} testId="insights-calls" />
        <Figure label="Total duration" value={formatTotal(t.totalDuration)} testId="insights-total-duration" />
        <Figure label="Average duration" value={formatTotal(t.averageDuration)} testId="insights-average-duration" />
        <Figure label="Ended in failure" value={formatShare(t.failureShare)} testId="insights-failure-share" />
      </dl>
      {view.perEcho.length > 1 ? (
        <table className="w-full text-left text-sm" aria-label="Calls per Echo">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 font-medium">Echo</th>
              <th className="py-1 text-right font-medium">Calls</th>
              <th className="py-1 text-right font-medium">Total</th>
              <th className="py-1 text-right font-medium">Average</th>
              <th className="py-1 text-right font-medium">Failed</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {view.perEcho.map((e) => (
              <tr key={e.echoId ?? "none"} className="border-t border-slate-100">
                <td className="py-1">{e.echoName ?? "Deleted Echo"}</td>
                <td className="py-1 text-right">{e.calls}</td>
                <td className="py-1 text-right">{formatTotal(e.totalDuration)}</td>
                <td className="py-1 text-right">{formatTotal(e.averageDuration)}</td>
                <td className="py-1 text-right">{formatShare(e.failureShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <section aria-labelledby="insights-mix-heading" className="flex flex-col gap-2">
        <h3 id="insights-mix-heading" className="text-sm font-semibold text-slate-900">
          Caller emotion mix
        </h3>
        <EmotionMixChart buckets={view.emotionMix} />
      </section>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="insights-topics-heading" className="flex flex-col gap-2">
          <h3 id="insights-topics-heading" className="text-sm font-semibold text-slate-900">
            Common topics
          </h3>
          {view.topics.length ? (
            <ol className="flex flex-col gap-1 text-sm" data-testid="insights-topics">
              {view.topics.map((tc) => (
                <li key={tc.topic} className="flex justify-between gap-2">
                  <span>{tc.topic}</span>
                  <span className="tabular-nums text-slate-500">{tc.calls}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-500">No summarized calls in this period.</p>
          )}
        </section>
        <section aria-labelledby="insights-latency-heading" className="flex flex-col gap-2">
          <h3 id="insights-latency-heading" className="text-sm font-semibold text-slate-900">
            Response times
          </h3>
          <table className="w-full text-left text-sm" aria-label="Response times per stage">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1 font-medium">Stage</th>
                <th className="py-1 text-right font-medium">p50</th>
                <th className="py-1 text-right font-medium">p95</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {LATENCY_STAGES.map((s) => {
                const f = formatStageFigures(view.latency[s]);
                return (
                  <tr key={s} className="border-t border-slate-100">
                    <td className="py-1">{LATENCY_STAGE_LABELS[s]}</td>
                    <td className="py-1 text-right">{f.p50}</td>
                    <td className="py-1 text-right">{f.p95}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}

export function InsightsPanel() {
  const [period, setPeriod] = useState<InsightPeriod>("30d");
  const [echoId, setEchoId] = useState("");
  const { state, reload } = useInsights(period, echoId);
  // The Echo filter's options, kept current (an Echo made in another tab); without them the view still shows all Echoes.
  const echoList = useFeedResource<EchoList>("/api/echoes", (s) => s.type === "echo_changed" || s.type === "feed_connected", allEchoes);
  const echoes = echoList.state.status === "ready" ? echoList.state.echoes : [];
  const echoesFailed = echoList.state.status === "error";
  return (
    <Card role="region" aria-labelledby="insights-heading">
      <CardHeader
        id="insights-heading"
        title="Insights"
        description="Trends across your calls."
        actions={
          <div className="flex min-w-0 max-w-full flex-wrap gap-2">
            <Select
              label="Period"
              value={period}
              onChange={(e) => setPeriod(e.target.value as InsightPeriod)}
              options={INSIGHT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            />
            <Select
              label="Echo"
              value={echoId}
              onChange={(e) => setEchoId(e.target.value)}
              placeholder="All Echoes"
              fieldClassName="min-w-0 max-w-full"
              className="w-full max-w-56 truncate"
              options={echoes.map((e) => ({ value: e.id, label: e.name }))}
              error={echoesFailed ? "Could not load your Echoes." : undefined}
            />
            {echoesFailed ? (
              <Button size="sm" variant="secondary" className="self-end" onClick={() => void echoList.reload()}>
                Reload Echoes
              </Button>
            ) : null}
          </div>
        }
      />
      <CardBody>
        {state.status === "loading" ? (
          <LoadingBlock label="Loading insights" />
        ) : state.status === "error" ? (
          <RetryAlert title={INSIGHTS_LOAD_FAILED} onRetry={reload} />
        ) : (
          <Body view={state.view} />
        )}
      </CardBody>
    </Card>
  );
}
