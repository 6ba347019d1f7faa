// Per-stage latency figures (p50 / p95, nearest rank) from the TurnLatency stored with assistant
// entries. The same computation as the AI health card's (resilience branch: worker/db/health.ts), kept
// here so both can share it.
import { type SQL, and, eq, isNotNull } from "drizzle-orm";
import { LATENCY_STAGES, type LatencyStage, type StageFigures, type StageLatency } from "../../protocol/latency";
import type { Db } from "./client";
import { calls, transcriptEntries } from "./schema";

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? null;
}

export function stageFigures(values: readonly number[]): StageFigures {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return { count: list.length, p50: percentile(list, 50), p95: percentile(list, 95) };
}

export type StageSamples = Record<LatencyStage, number[]>;

export function emptySamples(): StageSamples {
  return Object.fromEntries(LATENCY_STAGES.map((s) => [s, [] as number[]])) as unknown as StageSamples;
}

export function latencyFigures(samples: StageSamples): StageLatency {
  return Object.fromEntries(LATENCY_STAGES.map((s) => [s, stageFigures(samples[s])])) as unknown as StageLatency;
}

/** Stored turn timings of assistant entries of the calls matching `callConds` (a condition on `calls`). */
export async function callLatencySamples(database: Db, callConds: SQL | undefined): Promise<StageSamples> {
  const rows = await database
    .select({ latency: transcriptEntries.latency })
    .from(calls)
    .innerJoin(transcriptEntries, eq(transcriptEntries.callId, calls.id))
    .where(and(callConds, eq(transcriptEntries.speaker, "assistant"), isNotNull(transcriptEntries.latency)));
  const samples = emptySamples();
  for (const { latency } of rows) {
    if (!latency) continue;
    for (const stage of LATENCY_STAGES) {
      const v = latency[stage];
      if (typeof v === "number" && Number.isFinite(v)) samples[stage].push(v);
    }
  }
  return samples;
}
