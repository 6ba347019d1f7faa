// The Insights view's data (GET /api/insights) in one D1 round trip: the user's calls that started in
// a period, for all their Echoes or one — per-Echo counts, durations and failures, the caller's emotion
// mix per time bucket, the common topics and per-stage latency. Every figure is read from numbers that
// triggers keep as calls, turns and summaries are written (migrations/0004_insight_figures.sql):
// call_figures and call_topics (one row per call / topic, covering indexes on owner and start) and
// latency_days (worker/db/stage-latency.ts). No JSON is parsed for calls inside the period's whole days.
import { type AnyColumn, and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { EMOTIONS, type EmotionName } from "../../protocol/call";
import { type EchoCallFigures, type EmotionMixBucket, INSIGHT_TOPICS_MAX, type TopicCount } from "../../protocol/insights";
import type { StageLatency } from "../../protocol/latency";
import type { Db } from "./client";
import { callFigures, callTopics, echoes } from "./schema";
import { latencyHistogramQuery, stageLatency } from "./stage-latency";

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
export async function insightsData(database: Db, scope: InsightsScope, bucketMs: number): Promise<InsightsData | null> {
  const f = callFigures;
  const inScope = (userId: AnyColumn, echoId: AnyColumn, startTime: AnyColumn) =>
    and(eq(userId, scope.userId), scope.echoId ? eq(echoId, scope.echoId) : undefined, gte(startTime, scope.since), lt(startTime, scope.until));
  const bucket = sql<number>`cast((${f.startTime} - ${scope.since}) / ${bucketMs} as integer)`;
  const emotionSums = Object.fromEntries(
    EMOTIONS.flatMap((e) => [
      [`${e}Sum`, sql<number>`coalesce(sum(${f[e]}), 0)`],
      [`${e}Count`, count(f[e])],
    ]),
  ) as Record<`${EmotionName}Sum` | `${EmotionName}Count`, ReturnType<typeof count>>;
  const topicCalls = count();
  const [echoRows, figureRows, topicRows, latencyRows] = await database.batch([
    database.select({ id: echoes.id, name: echoes.name }).from(echoes).where(eq(echoes.userId, scope.userId)),
    database
      .select({
        echoId: f.echoId,
        bucket,
        calls: count(),
        timed: count(f.duration),
        totalDuration: sql<number>`coalesce(sum(${f.duration}), 0)`,
        failed: sql<number>`coalesce(sum(${f.failed}), 0)`,
        summarized: sql<number>`coalesce(sum(${f.summarized}), 0)`,
        scored: sql<number>`coalesce(sum(${f.scored}), 0)`,
        ...emotionSums,
      })
      .from(f)
      .where(inScope(f.userId, f.echoId, f.startTime))
      .groupBy(f.echoId, bucket),
    database
      .select({ topic: callTopics.topic, calls: topicCalls })
      .from(callTopics)
      .where(inScope(callTopics.userId, callTopics.echoId, callTopics.startTime))
      .groupBy(callTopics.topic)
      .orderBy(desc(topicCalls), asc(callTopics.topic))
      .limit(INSIGHT_TOPICS_MAX),
    latencyHistogramQuery(database, scope),
  ]);
  if (scope.echoId && !echoRows.some((e) => e.id === scope.echoId)) return null;
  const names = new Map(echoRows.map((e) => [e.id, e.name]));

  const buckets = Math.max(1, Math.ceil((scope.until - scope.since) / bucketMs));
  const mixSums = Array.from({ length: buckets }, () => ({ scored: 0, sum: emptyMix(), n: emptyMix() }));
  const perEchoSums = new Map<string | null, Sums>();
  const totals = zeroSums();
  for (const row of figureRows) {
    const sums = perEchoSums.get(row.echoId) ?? zeroSums();
    perEchoSums.set(row.echoId, sums);
    for (const k of ["calls", "timed", "totalDuration", "failed", "summarized"] as const) {
      sums[k] += Number(row[k]);
      totals[k] += Number(row[k]);
    }
    const slot = mixSums[Math.min(buckets - 1, Math.max(0, Math.floor(Number(row.bucket))))];
    if (!slot) continue;
    slot.scored += Number(row.scored);
    for (const e of EMOTIONS) {
      slot.sum[e] += Number(row[`${e}Sum`]);
      slot.n[e] += Number(row[`${e}Count`]);
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
    return { start: scope.since + i * bucketMs, calls: slot.scored, mix };
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
