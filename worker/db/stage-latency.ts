// Per-stage latency p50 / p95 of the turns of a user's ended calls that started in a period, for all
// their Echoes or one, from the per-day log-bucket histograms in latency_days (kept by triggers,
// migrations/0004_insight_figures.sql) for the whole UTC days of the period, plus the turns of the
// calls in the two partial days at its ends, bucketed the same way. The query reads O(days × buckets)
// rows however many calls there are; precision in worker/db/latency-histogram.ts.
import { type SQL, and, eq, ne, sql } from "drizzle-orm";
import { LATENCY_STAGES, type LatencyStage, type StageLatency } from "../../protocol/latency";
import { CALL_IN_PROGRESS } from "./call-writes";
import type { Db } from "./client";
import { type HistogramBin, LATENCY_BUCKETS_PER_OCTAVE, latencyBucketValue, stageFigures } from "./latency-histogram";
import { periodDays } from "./period-days";
import { inRangeRow, inRanges, rangeTable } from "./range-sql";
import { calls, latencyDays, transcriptEntries } from "./schema";

/** latency_days.echo_key of the rows that count all of a user's calls. */
export const ALL_ECHOES_KEY = "*";

export interface LatencyScope {
  userId: string;
  since: number;
  until: number;
  echoId?: string;
}

export interface HistogramRow {
  stage: string;
  bucket: number;
  n: number;
}

/** The bucket of a number in SQL (see latencyBucket). */
export function latencyBucketSql(value: SQL): SQL<number> {
  return sql<number>`cast(floor(${sql.raw(String(LATENCY_BUCKETS_PER_OCTAVE))} * log2(max(${value}, 1))) as integer)`;
}

/** The histogram rows of the scope: a single query, batchable with the rest of a view. */
export function latencyHistogramQuery(database: Db, s: LatencyScope) {
  // Whole days come from latency_days; the calls before and after them, from their turns.
  const plan = periodDays(s.since, s.until);
  const stages = sql.join(
    LATENCY_STAGES.map((st) => sql`${st}`),
    sql`, `,
  );
  const value = sql`s.value`;
  const perDay = sql`select ${latencyDays.stage} as stage, ${latencyDays.bucket} as bucket, ${latencyDays.n} as n from ${latencyDays}
      where ${and(eq(latencyDays.userId, s.userId), eq(latencyDays.echoKey, s.echoId ?? ALL_ECHOES_KEY), inRanges(latencyDays.day, plan.days))}`;
  const perCall = sql`select s.key as stage, ${latencyBucketSql(value)} as bucket, 1 as n
      from ${rangeTable(plan.calls)} cross join ${calls} join ${transcriptEntries} on ${transcriptEntries.callId} = ${calls.id}, json_each(${transcriptEntries.latency}) s
      where ${and(eq(calls.userId, s.userId), s.echoId ? eq(calls.echoId, s.echoId) : undefined, inRangeRow(calls.startTime), ne(calls.status, CALL_IN_PROGRESS), eq(transcriptEntries.speaker, "assistant"))}
        and s.key in (${stages}) and s.type in ('integer', 'real')`;
  const histogram = sql`(${perDay} union all ${perCall}) as h`;
  // A select builder (not db.all): drizzle's D1 batch only takes builder queries.
  return database
    .select({ stage: sql<string>`h.stage`, bucket: sql<number>`h.bucket`, n: sql<number>`sum(h.n)` })
    .from(histogram)
    .groupBy(sql`h.stage`, sql`h.bucket`);
}

/** p50 / p95 per stage from histogram rows. */
export function stageLatency(rows: readonly HistogramRow[]): StageLatency {
  const bins = Object.fromEntries(LATENCY_STAGES.map((st) => [st, [] as HistogramBin[]])) as Record<LatencyStage, HistogramBin[]>;
  for (const r of rows) bins[r.stage as LatencyStage]?.push({ value: latencyBucketValue(r.bucket), n: Number(r.n) });
  return Object.fromEntries(LATENCY_STAGES.map((st) => [st, stageFigures(bins[st])])) as StageLatency;
}
