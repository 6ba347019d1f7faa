// The account owner's view of how the AI held up (GET /api/calls/health): the last 24 hours of stored
// turns — how many, how many failed and at which stage, retries, and the p50 / p95 of each stage's time.
import type { AiStage } from "./call-messages";
import { LATENCY_STAGES, type LatencyStage, type StageFigures } from "./latency";

export type { StageFigures };

export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The per-turn timings stored with each assistant entry (TurnLatency), in turn order (protocol/latency.ts). */
export const HEALTH_STAGES = LATENCY_STAGES;
export type HealthStage = LatencyStage;

export interface CallHealth {
  since: number;
  until: number;
  /** Assistant turns in the window (apologies and goodbyes included). */
  turns: number;
  /** Turns whose outcome was not ok (a step failed after its retries). */
  failedTurns: number;
  failuresByStage: Partial<Record<AiStage, number>>;
  retriesByStage: Partial<Record<AiStage, number>>;
  stages: Record<HealthStage, StageFigures>;
}
