// Per-stage turn latency figures from stored turns (TurnLatency of assistant entries): shared by the
// Insights view (and meant to be the same shape as the AI health card's figures).

/** The per-turn timings stored with each assistant entry (TurnLatency), in turn order. */
export const LATENCY_STAGES = ["endOfTurnMs", "transcribeMs", "firstTokenMs", "firstAudioMs"] as const;
export type LatencyStage = (typeof LATENCY_STAGES)[number];

export interface StageFigures {
  /** Turns that measured this stage. */
  count: number;
  /** Milliseconds (nearest rank); null when no turn measured it. */
  p50: number | null;
  p95: number | null;
}

export type StageLatency = Record<LatencyStage, StageFigures>;
