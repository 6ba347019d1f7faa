// Turns a transcript into one line per emotion over call time (pure; drawn by EmotionChart).
import { EMOTIONS } from "../../protocol/call-messages";
import type { TranscriptEntry } from "../../protocol/call-messages";
import { EMOTION_COLORS } from "../lib/emotionColors";

/** Emotions never reaching this score are left out: flat lines at zero only add noise. */
export const MIN_PEAK = 0.05;

const KNOWN_COLORS: Record<string, string> = EMOTION_COLORS;
const FALLBACK_COLORS = ["#0891b2", "#65a30d", "#ea580c", "#475569"];
/** Stroke patterns so lines differ without colour too. */
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "10 4", "1 4"];

export interface EmotionPoint {
  /** Seconds since the call started. */
  t: number;
  /** Score in [0, 1]. */
  v: number;
}

export interface EmotionLine {
  name: string;
  color: string;
  dash: string;
  peak: number;
  points: EmotionPoint[];
}

export interface EmotionSeries {
  lines: EmotionLine[];
  /** Seconds from the call's start to the last scored entry (at least 1). */
  span: number;
  /** Entries plotted. */
  samples: number;
  /** Whether only the caller's turns are plotted. */
  callerOnly: boolean;
}

function order(a: string, b: string): number {
  const ia = (EMOTIONS as readonly string[]).indexOf(a);
  const ib = (EMOTIONS as readonly string[]).indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  return a.localeCompare(b);
}

const hasScores = (e: TranscriptEntry) => Object.values(e.emotions).some((v) => Number.isFinite(v));

/** The caller's emotions when the caller's turns were scored (what the plot is about), else every scored turn. */
export function emotionSeries(transcript: TranscriptEntry[], startTime: number): EmotionSeries {
  const callerScored = transcript.filter((e) => e.speaker === "caller" && hasScores(e));
  const scored = callerScored.length > 0 ? callerScored : transcript.filter(hasScores);
  const names = new Set<string>();
  for (const e of scored) for (const [k, v] of Object.entries(e.emotions)) if (Number.isFinite(v)) names.add(k);
  let fallback = 0;
  const lines: EmotionLine[] = [...names]
    .sort(order)
    .map((name, i) => {
      const points = scored.map((e) => ({
        t: Math.max(0, (e.timestamp - startTime) / 1000),
        v: Math.min(1, Math.max(0, e.emotions[name] ?? 0)),
      }));
      const color = KNOWN_COLORS[name] ?? FALLBACK_COLORS[fallback++ % FALLBACK_COLORS.length]!;
      return { name, color, dash: DASHES[i % DASHES.length]!, peak: Math.max(...points.map((p) => p.v)), points };
    })
    .filter((l) => l.peak >= MIN_PEAK);
  const span = Math.max(1, ...scored.map((e) => (e.timestamp - startTime) / 1000));
  return { lines, span, samples: scored.length, callerOnly: callerScored.length > 0 };
}
