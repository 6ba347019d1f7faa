// Words and numbers of the Insights view (pure): period labels, shares, durations (the stages' names and
// figures are the AI health card's: protocol/latency.ts, web/lib/format.ts).
import type { EmotionName } from "../../protocol/call-messages";
import type { EmotionMixBucket, InsightPeriod } from "../../protocol/insights";
import { formatDuration } from "../lib/format";

export const PERIOD_LABELS: Record<InsightPeriod, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "365d": "Last 12 months",
};

/** 0.25 → "25%", 1/3 → "33.3%"; null → "–". */
export function formatShare(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return "–";
  const pct = share * 100;
  return `${Number.isInteger(Math.round(pct * 10) / 10) ? Math.round(pct) : pct.toFixed(1)}%`;
}

/** Whole seconds as "1:05", or "1 h 02 min" from an hour up; null → "–". */
export function formatTotal(seconds: number | null): string {
  if (seconds === null) return "–";
  if (seconds < 3600) return formatDuration(seconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return `${h} h ${String(m).padStart(2, "0")} min`;
}


/** The strongest emotion across buckets (weighted by calls), for the chart's text alternative. */
export function dominantEmotion(buckets: readonly EmotionMixBucket[]): { name: EmotionName; share: number } | null {
  const totals = new Map<EmotionName, number>();
  let calls = 0;
  for (const b of buckets) {
    calls += b.calls;
    for (const [name, v] of Object.entries(b.mix) as [EmotionName, number][]) totals.set(name, (totals.get(name) ?? 0) + v * b.calls);
  }
  if (calls === 0) return null;
  const [name, sum] = [...totals.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return { name, share: sum / calls };
}

/**
 * Which of `count` buckets get a date label under the emotion-mix bars: the first, the last, and
 * evenly spaced ones between, at most `max` in all (so labels never crowd).
 */
export function tickIndices(count: number, max = 6): number[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => Math.round(i * step));
}
