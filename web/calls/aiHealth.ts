// What the AI health card says (pure): stage figures in turn order with their one name (protocol/latency.ts), and the
// failures and retries of the last 24 hours as short phrases.
import type { AiStage } from "../../protocol/call-messages";
import type { CallHealth } from "../../protocol/health";
import { LATENCY_STAGES, LATENCY_STAGE_LABELS, type LatencyStage } from "../../protocol/latency";
import { formatStageFigures } from "../lib/format";

const STEP_NAMES: Record<AiStage, string> = {
  transcribe: "speech to text",
  turn: "turn model",
  emotions: "emotions",
  reply: "reply",
  speech: "speech",
};

export interface StageRow {
  stage: LatencyStage;
  label: string;
  p50: string;
  p95: string;
  turns: number;
}

export function stageRows(health: CallHealth): StageRow[] {
  return LATENCY_STAGES.map((stage) => {
    const f = health.stages[stage];
    return { stage, label: LATENCY_STAGE_LABELS[stage], ...formatStageFigures(f), turns: f.count };
  });
}

/** "2 failed: speech to text 1, speech 1" / "No failures". */
export function failureSummary(health: CallHealth): string {
  if (health.failedTurns === 0) return "No failures";
  const parts = (Object.entries(health.failuresByStage) as Array<[AiStage, number]>).sort((a, b) => b[1] - a[1]).map(([stage, n]) => `${STEP_NAMES[stage]} ${n}`);
  return `${health.failedTurns} failed${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

/** "3 retries: reply 2, speech 1" / "No retries". */
export function retrySummary(health: CallHealth): string {
  const entries = (Object.entries(health.retriesByStage) as Array<[AiStage, number]>).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return "No retries";
  return `${total} ${total === 1 ? "retry" : "retries"}: ${entries.map(([stage, n]) => `${STEP_NAMES[stage]} ${n}`).join(", ")}`;
}
