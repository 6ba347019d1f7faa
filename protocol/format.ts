// Display rules of spec §9 used by both the SPA and the transcript export, and the one line that says
// where a caller entry's emotions came from.
import type { EmotionSource } from "./call-messages";

/** Whole seconds as minutes:seconds, e.g. 75 → "1:15", 3600 → "60:00". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "0:00";
  const total = Math.round(seconds);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** Position inside a call as m:ss from its start, in whole seconds (never negative): e.g. 65.9 s in → "1:05". */
export function formatOffset(startTime: number, at: number): string {
  return formatDuration(Math.max(0, Math.floor((at - startTime) / 1000)));
}

/** An emotion score in [0, 1] as a percent with one decimal, e.g. 0.8234 → "82.3%". */
export function formatPercent(score: number): string {
  const clamped = Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
  return `${(clamped * 100).toFixed(1)}%`;
}

/** Emotions sorted by score, highest first. */
export function sortedEmotions(emotions: Record<string, number>): [string, number][] {
  return Object.entries(emotions)
    .filter(([, v]) => Number.isFinite(v))
    .sort((a, b) => b[1] - a[1]);
}

/** Where a caller entry's emotions came from, in one short line: "from words and voice". */
export function formatEmotionSource(source: EmotionSource): string {
  return source === "words_and_voice" ? "from words and voice" : source === "voice" ? "from voice" : "from words";
}
