// A call_summaries row as the API's CallRecap.
import type { CallRecap } from "../../protocol/summary";
import type { callSummaries } from "./schema";

export type SummaryRow = typeof callSummaries.$inferSelect;

export function toRecap(row: SummaryRow): CallRecap {
  return {
    status: row.status,
    method: row.method ?? null,
    text: row.text,
    moodArc: row.moodArc ?? null,
    followUps: row.followUps ?? [],
    topics: row.topics ?? [],
    error: row.error ?? null,
    attempts: row.attempts,
    updatedAt: row.updatedAt,
  };
}
