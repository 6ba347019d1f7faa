// Per-stage turn latency figures from stored turns (TurnLatency of assistant entries): one set of
// stages, one name each, one computation (worker/db/insights/stage-latency.ts) for every view that shows
// them — the AI health card (last 24 hours) and Insights (a period).

/** The per-turn timings stored with each assistant entry (TurnLatency), in turn order. */
export const LATENCY_STAGES = ["endOfTurnMs", "transcribeMs", "firstTokenMs", "firstAudioMs"] as const;
export type LatencyStage = (typeof LATENCY_STAGES)[number];

/** The one name of each stage, wherever its figures are shown. */
export const LATENCY_STAGE_LABELS: Record<LatencyStage, string> = {
  endOfTurnMs: "End of turn",
  transcribeMs: "Speech to text",
  firstTokenMs: "First reply word",
  firstAudioMs: "First reply audio",
};

export interface StageFigures {
  /** Turns that measured this stage. */
  count: number;
  /** Milliseconds (nearest rank); null when no turn measured it. */
  p50: number | null;
  p95: number | null;
}

export type StageLatency = Record<LatencyStage, StageFigures>;
