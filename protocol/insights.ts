// GET /api/insights: the signed-in user's calls across a period, for all Echoes or one — counts,
// durations, failures, the caller's emotion mix over time, common topics and per-stage latency.
import { z } from "zod";
import type { EmotionName } from "./call-messages";
import type { StageLatency } from "./latency";

export const INSIGHT_PERIODS = ["7d", "30d", "90d", "365d"] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const INSIGHT_PERIOD_DAYS: Record<InsightPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 };
/** Width of one emotion-mix bar for each period. */
export const INSIGHT_BUCKET_DAYS: Record<InsightPeriod, number> = { "7d": 1, "30d": 1, "90d": 7, "365d": 30 };
export const INSIGHT_TOPICS_MAX = 8;

export const insightsQuerySchema = z.object({
  period: z.enum(INSIGHT_PERIODS, { message: "must be 7d, 30d, 90d or 365d" }).default("30d"),
  /** One of the user's Echoes; absent: all of them. */
  echoId: z.string().min(1).max(100).optional(),
});

/** Calls of one Echo (or of all, in `totals`) that started in the period. */
export interface EchoCallFigures {
  /** Null in `totals`, and for calls whose Echo was deleted. */
  echoId: string | null;
  echoName: string | null;
  calls: number;
  /** Whole seconds, summed over calls with a known duration. */
  totalDuration: number;
  /** Whole seconds (rounded); null without calls of known duration. */
  averageDuration: number | null;
  /** Calls whose status is "failed". */
  failed: number;
  /** failed / calls in [0, 1]; null without calls. */
  failureShare: number | null;
}

/** The caller's emotion mix in one time bucket: mean of each summarized call's mean caller scores. */
export interface EmotionMixBucket {
  /**
   * Bucket start (epoch ms): `since` for the first bucket, then UTC midnights `bucketMs` apart; the last
   * bucket ends with `until`'s UTC day. With one-day buckets each bar is one calendar day (UTC).
   */
  start: number;
  /** Calls with scored caller turns in this bucket. */
  calls: number;
  /** Shares summing to 1 (all 0 when calls is 0). */
  mix: Record<EmotionName, number>;
}

export interface TopicCount {
  topic: string;
  calls: number;
}

export interface InsightsView {
  period: InsightPeriod;
  since: number;
  until: number;
  echoId: string | null;
  totals: EchoCallFigures;
  /** Per Echo, most calls first (only Echoes with calls in the period). */
  perEcho: EchoCallFigures[];
  bucketMs: number;
  emotionMix: EmotionMixBucket[];
  /** Most common topics of the period's summaries, at most INSIGHT_TOPICS_MAX. */
  topics: TopicCount[];
  /** Calls in the period that have a ready summary. */
  summarizedCalls: number;
  latency: StageLatency;
}
