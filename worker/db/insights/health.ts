// The owner's AI health figures from stored turns: assistant entries of their calls in a time window,
// with the timings (latency) and outcome each turn stored. Scoped to the owner like every call query.
import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { AiStage } from "../../../protocol/call-messages";
import { HEALTH_STAGES, type CallHealth } from "../../../protocol/health";
import type { Db } from "../client";
import { exactHistogram, stageFigures } from "./latency-histogram";
import { calls, transcriptEntries } from "../schema";

/** Turns read at most (a very busy day is summarised from its most recent turns). */
const MAX_TURNS = 20_000;

export async function callHealth(database: Db, userId: string, since: number, until: number): Promise<CallHealth> {
  const rows = await database
    .select({ latency: transcriptEntries.latency, outcome: transcriptEntries.outcome })
    .from(transcriptEntries)
    .innerJoin(calls, eq(calls.id, transcriptEntries.callId))
    .where(and(eq(calls.userId, userId), eq(transcriptEntries.speaker, "assistant"), gte(transcriptEntries.timestamp, since), lte(transcriptEntries.timestamp, until)))
    .orderBy(desc(transcriptEntries.timestamp))
    .limit(MAX_TURNS);
  const samples = Object.fromEntries(HEALTH_STAGES.map((s) => [s, [] as number[]])) as Record<(typeof HEALTH_STAGES)[number], number[]>;
  const failuresByStage: Partial<Record<AiStage, number>> = {};
  const retriesByStage: Partial<Record<AiStage, number>> = {};
  let failedTurns = 0;
  for (const { latency, outcome } of rows) {
    if (latency) for (const stage of HEALTH_STAGES) if (typeof latency[stage] === "number") samples[stage].push(latency[stage]);
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
    stages: Object.fromEntries(HEALTH_STAGES.map((s) => [s, stageFigures(exactHistogram(samples[s]))])) as CallHealth["stages"],
  };
}
