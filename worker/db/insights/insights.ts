// The Insights view's data (GET /api/insights) in one D1 round trip: the user's calls that started in
// a period, for all their Echoes or one — per-Echo counts, durations and failures, the caller's emotion
// mix per time bucket (UTC days, or runs of them), the common topics and per-stage latency. Every figure is read from numbers that
// triggers keep as calls, turns and summaries are written (migrations/0004_insight_figures.sql): per
// UTC day sums (call_days, topic_days, latency_days) for the period's whole days, and per-call rows
// (call_figures, call_topics; covering indexes on owner and start) for the partial days at its ends
// (worker/db/insights/period-days.ts; chart buckets break at midnights, so no day is split between two). A year is ~400 day rows per Echo, not
// 10,000 calls; no JSON is parsed for calls inside whole days.
import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import { EMOTIONS, type EmotionName } from "../../../protocol/call-messages";
import { type EchoCallFigures, type EmotionMixBucket, INSIGHT_TOPICS_MAX, type TopicCount } from "../../../protocol/insights";
import type { StageLatency } from "../../../protocol/latency";
import type { Db } from "../client";
import { type BucketGrid, DAY_MS, bucketStart, periodDays } from "./period-days";
import { callDays, callFigures, callTopics, echoes, topicDays } from "../schema";
import { inRangeRow, inRanges, num, rangeTable } from "./range-sql";
import { ALL_ECHOES_KEY, latencyHistogramQuery, stageLatency } from "./stage-latency";

export interface InsightsScope {
  userId: string;
  since: number;
  until: number;
  /** Only this Echo's calls; insightsData answers null unless it is one of the user's Echoes. */
  echoId?: string;
}

export interface InsightsData {
  totals: EchoCallFigures;
  perEcho: EchoCallFigures[];
  emotionMix: EmotionMixBucket[];
  topics: TopicCount[];
  summarizedCalls: number;
  latency: StageLatency;
}

interface Sums {
  calls: number;
  timed: number;
  totalDuration: number;
  failed: number;
  summarized: number;
}

function figures(echoId: string | null, echoName: string | null, s: Sums): EchoCallFigures {
  return {
    echoId,
    echoName,
    calls: s.calls,
    totalDuration: s.totalDuration,
    averageDuration: s.timed > 0 ? Math.round(s.totalDuration / s.timed) : null,
    failed: s.failed,
    failureShare: s.calls > 0 ? s.failed / s.calls : null,
  };
}

const zeroSums = (): Sums => ({ calls: 0, timed: 0, totalDuration: 0, failed: 0, summarized: 0 });
const emptyMix = () => Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<EmotionName, number>;
/** SQLite's order of echo ids (null first), for ties in call counts. */
const byEchoId = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

/** The view's data, or null when `scope.echoId` is not one of the user's Echoes. */
export async function insightsData(database: Db, scope: InsightsScope, grid: BucketGrid): Promise<InsightsData | null> {
  const { since, until, userId, echoId } = scope;
  // Whole days from the per-day sums; the partial days at the ends, per call.
  const plan = periodDays(since, until);
  const { origin, width } = grid;
  const f = callFigures;
  const d = callDays;
  const sums = [
    "calls",
    "timed",
    "totalDuration",
    "failed",
    "summarized",
    "scored",
    ...EMOTIONS.flatMap((e) => [`${e}Sum`, `${e}N`] as const),
  ] as const;
  type SumName = (typeof sums)[number];
  const perCall: Record<SumName, SQL> = {
    calls: sql`1`,
    timed: sql`${f.duration} is not null`,
    totalDuration: sql`coalesce(${f.duration}, 0)`,
    failed: sql`${f.failed}`,
    summarized: sql`${f.summarized}`,
    scored: sql`${f.scored}`,
    ...(Object.fromEntries(EMOTIONS.flatMap((e) => [[`${e}Sum`, sql`coalesce(${f[e]}, 0)`], [`${e}N`, sql`${f[e]} is not null`]])) as Record<`${EmotionName}Sum` | `${EmotionName}N`, SQL>),
  };
  const perDay = (k: SumName): SQL => sql`${d[k]}`;
  const list = (parts: (k: SumName) => SQL) => sql.join(sums.map((k) => sql`${parts(k)} as ${sql.identifier(k)}`), sql`, `);
  const rows = sql`(
    select ${d.echoKey} as echo_key, ((${d.day} * ${num(DAY_MS)} - ${num(origin)}) / ${num(width)}) as bucket, ${list(perDay)}
      from ${d} where ${and(eq(d.userId, userId), echoId ? eq(d.echoKey, echoId) : undefined, inRanges(d.day, plan.days))}
    union all
    select coalesce(${f.echoId}, '') as echo_key, ((${f.startTime} - ${num(origin)}) / ${num(width)}) as bucket, ${list((k) => perCall[k])}
      from ${rangeTable(plan.calls)} cross join ${f} where ${and(eq(f.userId, userId), echoId ? eq(f.echoId, echoId) : undefined, inRangeRow(f.startTime))}
  ) as x`;
  const summed = Object.fromEntries(sums.map((k) => [k, sql<number>`coalesce(sum(${sql.identifier("x")}.${sql.identifier(k)}), 0)`])) as Record<SumName, SQL<number>>;

  // Topics: whole days from topic_days, the partial ends from call_topics.
  const t = topicDays;
  const topicRowsSql = sql`(
    select ${t.topic} as topic, ${t.n} as n from ${t}
      where ${and(eq(t.userId, userId), eq(t.echoKey, echoId ?? ALL_ECHOES_KEY), inRanges(t.day, plan.days))}
    union all
    select ${callTopics.topic} as topic, 1 as n from ${rangeTable(plan.calls)} cross join ${callTopics}
      where ${and(eq(callTopics.userId, userId), echoId ? eq(callTopics.echoId, echoId) : undefined, inRangeRow(callTopics.startTime))}
  ) as y`;
  const topicCalls = sql<number>`sum(y.n)`;

  const [echoRows, figureRows, topicRows, latencyRows] = await database.batch([
    database.select({ id: echoes.id, name: echoes.name }).from(echoes).where(eq(echoes.userId, userId)),
    database
      .select({ echoKey: sql<string>`x.echo_key`, bucket: sql<number>`x.bucket`, ...summed })
      .from(rows)
      .groupBy(sql`x.echo_key`, sql`x.bucket`),
    database
      .select({ topic: sql<string>`y.topic`, calls: topicCalls })
      .from(topicRowsSql)
      .groupBy(sql`y.topic`)
      .orderBy(desc(topicCalls), sql`y.topic`)
      .limit(INSIGHT_TOPICS_MAX),
    latencyHistogramQuery(database, scope),
  ]);
  if (scope.echoId && !echoRows.some((e) => e.id === scope.echoId)) return null;
  const names = new Map(echoRows.map((e) => [e.id, e.name]));

  const buckets = grid.count;
  const mixSums = Array.from({ length: buckets }, () => ({ scored: 0, sum: emptyMix(), n: emptyMix() }));
  const perEchoSums = new Map<string | null, Sums>();
  const totals = zeroSums();
  for (const row of figureRows) {
    const echo = row.echoKey === "" ? null : row.echoKey;
    const sums = perEchoSums.get(echo) ?? zeroSums();
    perEchoSums.set(echo, sums);
    for (const k of ["calls", "timed", "totalDuration", "failed", "summarized"] as const) {
      sums[k] += Number(row[k]);
      totals[k] += Number(row[k]);
    }
    const slot = mixSums[Math.min(buckets - 1, Math.max(0, Math.floor(Number(row.bucket))))];
    if (!slot) continue;
    slot.scored += Number(row.scored);
    for (const e of EMOTIONS) {
      slot.sum[e] += Number(row[`${e}Sum`]);
      slot.n[e] += Number(row[`${e}N`]);
    }
  }
  const perEcho = [...perEchoSums]
    .sort(([a, x], [b, y]) => y.calls - x.calls || byEchoId(a, b))
    .map(([echoId, sums]) => figures(echoId, echoId === null ? null : (names.get(echoId) ?? null), sums));

  const emotionMix: EmotionMixBucket[] = mixSums.map((slot, i) => {
    // Per emotion, the mean over the bucket's calls that scored it; then shares summing to 1.
    const means = EMOTIONS.map((e) => (slot.n[e] > 0 ? slot.sum[e] / slot.n[e] : 0));
    const total = means.reduce((a, b) => a + b, 0);
    const mix = emptyMix();
    EMOTIONS.forEach((e, j) => (mix[e] = total > 0 ? Math.round((means[j]! / total) * 10_000) / 10_000 : 0));
    return { start: bucketStart(grid, since, i), calls: slot.scored, mix };
  });
  return {
    totals: figures(null, null, totals),
    perEcho,
    emotionMix,
    topics: topicRows.map((r) => ({ topic: r.topic, calls: Number(r.calls) })),
    summarizedCalls: totals.summarized,
    latency: stageLatency(latencyRows),
  };
}
