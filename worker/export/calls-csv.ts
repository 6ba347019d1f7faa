// The Call History list as a CSV file (GET /api/calls?format=csv), pure: one row per call, in the
// list's order, with the columns a spreadsheet needs (times in UTC ISO 8601, duration in seconds).
import type { CallSummary } from "../../protocol/call-history";
import { SAFETY_CATEGORY_LABELS } from "../../protocol/safety";
import { csvRow } from "./csv";

export const CALLS_CSV_COLUMNS = ["Call ID", "Started (UTC)", "Ended (UTC)", "Duration (s)", "Status", "Type", "Echo", "Caller", "Safety alert", "Summary or transcript"] as const;

const iso = (ms: number | null): string => (ms === null ? "" : new Date(ms).toISOString());

function transcriptCell(call: CallSummary): string {
  if (call.summaryText) return call.summaryText;
  return call.preview ? `${call.preview}${call.previewTruncated ? "…" : ""}` : "";
}

/** A byte order mark first, so spreadsheet apps read the file as UTF-8 (names, "…"). */
export function callsCsv(calls: readonly CallSummary[]): string {
  const rows = calls.map((c) =>
    csvRow([
      c.id,
      iso(c.startTime),
      iso(c.endTime),
      c.duration,
      c.status,
      c.callType === "phone" ? "Phone call" : "Browser test",
      c.echoName,
      c.fromNumber,
      c.safetyAlert ? SAFETY_CATEGORY_LABELS[c.safetyAlert] : "",
      transcriptCell(c),
    ]),
  );
  return `\uFEFF${csvRow(CALLS_CSV_COLUMNS)}${rows.join("")}`;
}

/** e.g. echo-calls-2026-12-01.csv (the day it was exported, UTC). */
export function callsCsvFileName(now: number): string {
  return `echo-calls-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
