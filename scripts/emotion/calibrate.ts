// Per-emotion offsets added to the model's sums so that its top emotion maximises macro-F1 on held-out
// training lines (never dev): the classes are far from balanced, and a plain argmax favours the big
// ones. Coordinate ascent over a fixed grid: deterministic. Pure.
import { EMOTIONS, type EmotionName } from "../../protocol/call-messages";
import { evaluate } from "./metrics";

const GRID = Array.from({ length: 61 }, (_, i) => Math.round((i - 30) * 10) / 100); // -3.0 … 3.0

/** The top emotion of each row of sums plus `offsets`. */
export function topsWith(logits: readonly Float64Array[], offsets: readonly number[]): EmotionName[] {
  return logits.map((z) => {
    let best = 0;
    let bestValue = -Infinity;
    for (let c = 0; c < EMOTIONS.length; c++) {
      const v = z[c]! + (offsets[c] ?? 0);
      if (v > bestValue) {
        bestValue = v;
        best = c;
      }
    }
    return EMOTIONS[best]!;
  });
}

/** Offsets (EMOTIONS order) that maximise macro-F1 of the top emotion on these rows, and that macro-F1. */
export function tuneOffsets(logits: readonly Float64Array[], gold: ReadonlyArray<readonly EmotionName[]>, passes = 3): { offsets: number[]; macroF1: number } {
  const offsets = EMOTIONS.map(() => 0);
  let best = evaluate(topsWith(logits, offsets), gold).macroF1;
  for (let pass = 0; pass < passes; pass++) {
    let moved = false;
    for (let c = 0; c < EMOTIONS.length; c++) {
      const keep = offsets[c]!;
      let bestValue = keep;
      for (const value of GRID) {
        offsets[c] = value;
        const f1 = evaluate(topsWith(logits, offsets), gold).macroF1;
        if (f1 > best + 1e-9) {
          best = f1;
          bestValue = value;
        }
      }
      offsets[c] = bestValue;
      if (bestValue !== keep) moved = true;
    }
    if (!moved) break;
  }
  return { offsets, macroF1: best };
}

const TEMPERATURES = Array.from({ length: 41 }, (_, i) => 1 + i / 10); // 1.0 … 5.0

/**
 * The factor the sums (with offsets) are multiplied by so that their softmax is calibrated: the one of
 * a fixed grid with the least log-loss against the lines' labels (a line with two labels is half
 * each). Strong L2 leaves the softmax flat; this sharpens it without moving its top emotion.
 */
export function tuneSharpness(logits: readonly Float64Array[], offsets: readonly number[], gold: ReadonlyArray<readonly EmotionName[]>): { factor: number; logLoss: number } {
  let best = { factor: 1, logLoss: Infinity };
  for (const factor of TEMPERATURES) {
    let loss = 0;
    logits.forEach((z, i) => {
      const s = EMOTIONS.map((_, c) => factor * (z[c]! + (offsets[c] ?? 0)));
      const max = Math.max(...s);
      const logTotal = Math.log(s.reduce((a, v) => a + Math.exp(v - max), 0)) + max;
      const labels = gold[i] ?? [];
      for (const l of labels) loss -= (s[EMOTIONS.indexOf(l)]! - logTotal) / labels.length;
    });
    loss /= Math.max(1, logits.length);
    if (loss < best.logLoss - 1e-12) best = { factor, logLoss: loss };
  }
  return best;
}
