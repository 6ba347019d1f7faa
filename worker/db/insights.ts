// The Insights view's data (GET /api/insights): the user's calls that started in a period, for all
// their Echoes or one — per-Echo counts, durations and failures, the caller's emotion mix per time
// bucket and the common topics (from call_summaries), and per-stage latency from stored turns.
import { type SQL, and, count, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { EMOTIONS, type EmotionName } from "../../protocol/call";
import { type EchoCallFigures, type EmotionMixBucket, INSIGHT_TOPICS_MAX, type TopicCount } from "../../protocol/insights";
import type { StageLatency } from "../../protocol/latency";
import type { Db } from "./client";
import { callSummaries, calls, echoes } from "./schema";
import { callLatencyFigures } from "./stage-latency";

export interface InsightsScope {
  userId: string;
  since: number;
  until: number;
  /** Only this Echo's calls (already checked to be the user's). */
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

function scopeConds(s: InsightsScope): SQL | undefined {
  return and(eq(calls.userId, s.userId), ...(s.echoId ? [eq(calls.echoId, s.echoId)] : []), gte(calls.startTime, s.since), lt(calls.startTime, s.until));
}

function figures(echoId: string | null, echoName: string | null, n: number, total: number, timed: number, failed: number): EchoCallFigures {
  return {
    echoId,
    echoName,
    calls: n,
    totalDuration: total,
    averageDuration: timed > 0 ? Math.round(total / timed) : null,
    failed,
    failureShare: n > 0 ? failed / n : null,
  };
}

const emptyMix = () => Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<EmotionName, number>;

export async function insightsData(database: Db, scope: InsightsScope, bucketMs: number): Promise<InsightsData> {
  const where = scopeConds(scope);
  const mixColumns = Object.fromEntries(
    EMOTIONS.map((e) => [e, sql<number>`coalesce(avg(json_extract(${callSummaries.callerEmotions}, ${`$.${e}`})), 0)`]),
  ) as Record<EmotionName, SQL.Aliased<number> | SQL<number>>;
  const bucket = sql<number>`(${calls.startTime} - ${scope.since}) / ${bucketMs}`;
  const [echoRows, mixRows, topicRows, summarized, latency] = await Promise.all([
    database
      .select({
        echoId: calls.echoId,
        echoName: echoes.name,
        calls: count(),
        totalDuration: sql<number>`coalesce(sum(${calls.duration}), 0)`,
        timed: count(calls.duration),
        failed: sql<number>`coalesce(sum(${calls.status} = 'failed'), 0)`,
      })
      .from(calls)
      .leftJoin(echoes, eq(echoes.id, calls.echoId))
      .where(where)
      .groupBy(calls.echoId)
      .orderBy(desc(count()), calls.echoId),
    database
      .select({ bucket, calls: count(), ...mixColumns })
      .from(calls)
      .innerJoin(callSummaries, eq(callSummaries.callId, calls.id))
      .where(and(where, isNotNull(callSummaries.callerEmotions)))
      .groupBy(bucket),
    database.all<{ topic: string; calls: number }>(sql`select t.value as topic, count(*) as calls
      from ${calls} join ${callSummaries} on ${callSummaries.callId} = ${calls.id}, json_each(${callSummaries.topics}) t
      where ${where} and ${callSummaries.status} = 'ready'
      group by t.value order by calls desc, topic limit ${INSIGHT_TOPICS_MAX}`),
    database
      .select({ n: count() })
      .from(calls)
      .innerJoin(callSummaries, eq(callSummaries.callId, calls.id))
      .where(and(where, eq(callSummaries.status, "ready"))),
    callLatencyFigures(database, where),
  ]);

  const perEcho = echoRows.map((r) => figures(r.echoId, r.echoName, r.calls, r.totalDuration, r.timed, r.failed));
  const sum = (k: "calls" | "totalDuration" | "timed" | "failed") => echoRows.reduce((a, r) => a + r[k], 0);
  const totals = figures(null, null, sum("calls"), sum("totalDuration"), sum("timed"), sum("failed"));

  const buckets = Math.max(1, Math.ceil((scope.until - scope.since) / bucketMs));
  const emotionMix: EmotionMixBucket[] = Array.from({ length: buckets }, (_, i) => ({ start: scope.since + i * bucketMs, calls: 0, mix: emptyMix() }));
  for (const row of mixRows) {
    const slot = emotionMix[Math.min(buckets - 1, Math.max(0, Math.floor(row.bucket)))];
    if (!slot) continue;
    const raw = EMOTIONS.map((e) => Number(row[e as keyof typeof row]) || 0);
    const total = raw.reduce((a, b) => a + b, 0);
    slot.calls = row.calls;
    EMOTIONS.forEach((e, i) => (slot.mix[e] = total > 0 ? Math.round((raw[i]! / total) * 10_000) / 10_000 : 0));
  }
  return {
    totals,
    perEcho,
    emotionMix,
    topics: topicRows.map((r) => ({ topic: r.topic, calls: Number(r.calls) })),
    summarizedCalls: summarized[0]?.n ?? 0,
    latency,
  };
}
