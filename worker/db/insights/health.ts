// The owner's AI health figures from stored turns: assistant entries of their calls in a time window,
// with the outcome each turn stored; the stages' p50 / p95 are Insights' own (stage-latency.ts), over
// the same window, so the card and Insights never disagree. Scoped to the owner like every call query.
import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { AiStage } from "../../../protocol/call-messages";
import type { CallHealth } from "../../../protocol/health";
import type { Db } from "../client";
import { latencyHistogramQuery, stageLatency } from "./stage-latency";
import { calls, transcriptEntries } from "../schema";

/** Turns read at most (a very busy day is summarised from its most recent turns). */
const MAX_TURNS = 20_000;

export async function callHealth(database: Db, userId: string, since: number, until: number): Promise<CallHealth> {
  const [rows, latencyRows] = await database.batch([
    database
      .select({ outcome: transcriptEntries.outcome })
      .from(transcriptEntries)
      .innerJoin(calls, eq(calls.id, transcriptEntries.callId))
      .where(and(eq(calls.userId, userId), eq(transcriptEntries.speaker, "assistant"), gte(transcriptEntries.timestamp, since), lte(transcriptEntries.timestamp, until)))
      .orderBy(desc(transcriptEntries.timestamp))
      .limit(MAX_TURNS),
    latencyHistogramQuery(database, { userId, since, until }),
  ]);
  const failuresByStage: Partial<Record<AiStage, number>> = {};
  const retriesByStage: Partial<Record<AiStage, number>> = {};
  let failedTurns = 0;
  for (const { outcome } of rows) {
    if (!outcome) continue;
    if (outcome.status !== "ok") {
      failedTurns++;
      if (outcome.failedStage) failuresByStage[outcome.failedStage] = (failuresByStage[outcome.failedStage] ?? 0) + 1;
    }
    for (const [stage, n] of Object.entries(outcome.retries ?? {}) as Array<[AiStage, number]>) retriesByStage[stage] = (retriesByStage[stage] ?? 0) + n;
  }
  return {
    since,
    until,
    turns: rows.length,
    failedTurns,
    failuresByStage,
    retriesByStage,
    stages: stageLatency(latencyRows),
  };
}
