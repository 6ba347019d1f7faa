// The account owner's view of how the AI held up (GET /api/calls/health): the last 24 hours of stored
// turns — how many, how many failed and at which stage, retries — and the p50 / p95 of each stage's time
// (protocol/latency.ts: the same figures, names and computation as Insights, over these 24 hours).
import type { AiStage } from "./call-messages";
import type { StageLatency } from "./latency";

export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface CallHealth {
  since: number;
  until: number;
  /** Assistant turns in the window (apologies and goodbyes included). */
  turns: number;
  /** Turns whose outcome was not ok (a step failed after its retries). */
  failedTurns: number;
  failuresByStage: Partial<Record<AiStage, number>>;
  retriesByStage: Partial<Record<AiStage, number>>;
  /** Per stage, the turns of the calls that started in the window and have ended (as Insights counts them). */
  stages: StageLatency;
}
