// Per-stage latency p50 / p95 of the turns of a user's ended calls that started in a period, for all
// their Echoes or one, from the per-day log-bucket histograms in latency_days (kept by triggers,
// migrations/0004_insight_figures.sql) for the whole UTC days of the period, plus the turns of the
// calls in the two partial days at its ends, bucketed the same way. The query reads O(days × buckets)
// rows however many calls there are (whole 16-day blocks from latency_blocks: a year is ~2,000 rows);
// precision in worker/db/insights/latency-histogram.ts.
import { type SQL, and, eq, ne, sql } from "drizzle-orm";
import { LATENCY_STAGES, type LatencyStage, type StageLatency } from "../../../protocol/latency";
import { CALL_IN_PROGRESS } from "../call-writes";
import type { Db } from "../client";
import { type HistogramBin, LATENCY_BUCKETS_PER_OCTAVE, latencyBucketValue, stageFigures } from "./latency-histogram";
import { type Range, periodDays } from "./period-days";
import { inRangeRow, inRanges, rangeTable } from "./range-sql";
import { calls, latencyBlocks, latencyDays, transcriptEntries } from "../schema";

/** latency_days.echo_key of the rows that count all of a user's calls. */
export const ALL_ECHOES_KEY = "*";
/** Days per latency_blocks row (migration 0004: block = floor(day / 16)). */
export const LATENCY_BLOCK_DAYS = 16;

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
  // Whole blocks of LATENCY_BLOCK_DAYS days from latency_blocks, the other whole days from latency_days.
  const days = plan.days[0];
  const firstBlock = days ? Math.ceil(days[0] / LATENCY_BLOCK_DAYS) : 0;
  const endBlock = days ? Math.max(firstBlock, Math.floor(days[1] / LATENCY_BLOCK_DAYS)) : 0;
  const blockDays: Range = [firstBlock * LATENCY_BLOCK_DAYS, endBlock * LATENCY_BLOCK_DAYS];
  const looseDays: Range[] = days ? [[days[0], Math.min(days[1], blockDays[0])], [Math.max(days[0], blockDays[1]), days[1]]] : [];
  const echoKey = s.echoId ?? ALL_ECHOES_KEY;
  const perBlock = sql`select ${latencyBlocks.stage} as stage, ${latencyBlocks.bucket} as bucket, ${latencyBlocks.n} as n from ${latencyBlocks}
      where ${and(eq(latencyBlocks.userId, s.userId), eq(latencyBlocks.echoKey, echoKey), inRanges(latencyBlocks.block, endBlock > firstBlock ? [[firstBlock, endBlock]] : []))}`;
  const perDay = sql`select ${latencyDays.stage} as stage, ${latencyDays.bucket} as bucket, ${latencyDays.n} as n from ${latencyDays}
      where ${and(eq(latencyDays.userId, s.userId), eq(latencyDays.echoKey, echoKey), inRanges(latencyDays.day, looseDays.filter(([a, b]) => b > a)))}`;
  const perCall = sql`select s.key as stage, ${latencyBucketSql(value)} as bucket, 1 as n
      from ${rangeTable(plan.calls)} cross join ${calls} join ${transcriptEntries} on ${transcriptEntries.callId} = ${calls.id}, json_each(${transcriptEntries.latency}) s
      where ${and(eq(calls.userId, s.userId), s.echoId ? eq(calls.echoId, s.echoId) : undefined, inRangeRow(calls.startTime), ne(calls.status, CALL_IN_PROGRESS), eq(transcriptEntries.speaker, "assistant"))}
        and s.key in (${stages}) and s.type in ('integer', 'real')`;
  const histogram = sql`(${perBlock} union all ${perDay} union all ${perCall}) as h`;
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
