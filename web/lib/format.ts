// Display formatting for the dashboard: spec §9's duration (m:ss) and emotion percents (one decimal),
// plus dates and times in the viewer's locale.
export { formatDuration, formatEmotionSource, formatOffset, formatPercent, sortedEmotions } from "../../protocol/format";
import type { StageFigures } from "../../protocol/latency";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", second: "2-digit" });

/** e.g. "Nov 21, 2026, 9:30 AM" in the viewer's locale. */
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

/** e.g. "9:30:05 AM". */
export function formatTime(ms: number): string {
  return timeOnly.format(new Date(ms));
}

/** Milliseconds as "850 ms" or "1.2 s". */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The Call History "from" column: the caller's number, or "Browser test" for test calls. */
export function formatCaller(call: { callType: string; fromNumber: string | null }): string {
  if (call.callType === "browser_test") return "Browser test";
  return call.fromNumber ?? "Unknown number";
}

/** A call's View Details button, for screen readers: which call it opens (every row has one). */
export function viewDetailsLabel(call: { callType: string; fromNumber: string | null; startTime: number }): string {
  return `View Details of the call from ${formatCaller(call)} at ${formatDateTime(call.startTime)}`;
}

/** A stage's p50 / p95 as shown wherever latency is (AI health, Insights); "–" when no turn measured it. */
export function formatStageFigures(f: StageFigures): { p50: string; p95: string } {
  return { p50: f.p50 === null ? "–" : formatMs(f.p50), p95: f.p95 === null ? "–" : formatMs(f.p95) };
}
