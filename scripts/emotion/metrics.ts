// How well an emotion model's top emotion matches labelled lines: accuracy (the top emotion is one of
// the line's labels), per-class precision, recall and F1, macro-F1 (their unweighted mean: the classes
// are far from balanced) and a confusion table. A line with several labels counts as a hit when the
// top emotion is any of them; its other labels count as misses of their class (the model names one
// emotion per line). Used by the training script and `npm run bench -- emotion`. Pure.
import { EMOTIONS, type EmotionName } from "../../protocol/call-messages";

export interface ClassFigures {
  precision: number;
  recall: number;
  f1: number;
  /** Lines labelled with this class. */
  support: number;
}

export interface Evaluation {
  lines: number;
  accuracy: number;
  macroF1: number;
  perClass: Record<EmotionName, ClassFigures>;
  /** confusion[gold][predicted]: a hit is counted on its diagonal, a miss under the line's first label. */
  confusion: Record<EmotionName, Record<EmotionName, number>>;
}

const zeros = (): Record<EmotionName, number> => ({ joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 0 });

/** Scores `predicted[i]` (one emotion per line) against `gold[i]` (one or more per line). */
export function evaluate(predicted: readonly EmotionName[], gold: ReadonlyArray<readonly EmotionName[]>): Evaluation {
  if (predicted.length !== gold.length) throw new Error(`${predicted.length} predictions for ${gold.length} lines`);
  const tp = zeros();
  const fp = zeros();
  const fn = zeros();
  const support = zeros();
  const confusion = Object.fromEntries(EMOTIONS.map((e) => [e, zeros()])) as Evaluation["confusion"];
  let hits = 0;
  predicted.forEach((top, i) => {
    const labels = gold[i] ?? [];
    for (const label of labels) {
      support[label]++;
      if (label !== top) fn[label]++;
    }
    if (labels.includes(top)) {
      hits++;
      tp[top]++;
      confusion[top][top]++;
    } else {
      fp[top]++;
      const first = labels[0];
      if (first) confusion[first][top]++;
    }
  });
  const perClass = {} as Record<EmotionName, ClassFigures>;
  for (const e of EMOTIONS) {
    const precision = tp[e] + fp[e] > 0 ? tp[e] / (tp[e] + fp[e]) : 0;
    const recall = tp[e] + fn[e] > 0 ? tp[e] / (tp[e] + fn[e]) : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    perClass[e] = { precision, recall, f1, support: support[e] };
  }
  const macroF1 = EMOTIONS.reduce((s, e) => s + perClass[e].f1, 0) / EMOTIONS.length;
  return { lines: predicted.length, accuracy: predicted.length ? hits / predicted.length : 0, macroF1, perClass, confusion };
}

/** The highest-scoring emotion of a score map (ties: the first in EMOTIONS). */
export function topEmotion(scores: Partial<Record<string, number>>): EmotionName {
  let best: EmotionName = "calm";
  let bestScore = -Infinity;
  for (const e of EMOTIONS) {
    const s = scores[e] ?? 0;
    if (s > bestScore) {
      best = e;
      bestScore = s;
    }
  }
  return best;
}

const pad = (s: string, n: number) => s.padStart(n);

/** The evaluation as printable lines: the headline figures, per-class F1, and the confusion table. */
export function formatEvaluation(name: string, ev: Evaluation): string[] {
  const lines = [`${name}: ${ev.lines} lines, accuracy ${(ev.accuracy * 100).toFixed(1)} %, macro-F1 ${ev.macroF1.toFixed(3)}`];
  lines.push(`  per-class F1 (P / R, support): ${EMOTIONS.map((e) => `${e} ${ev.perClass[e].f1.toFixed(3)} (${ev.perClass[e].precision.toFixed(2)} / ${ev.perClass[e].recall.toFixed(2)}, ${ev.perClass[e].support})`).join(" · ")}`);
  lines.push("  confusion (rows: label, columns: predicted):");
  lines.push(`  ${pad("", 9)}${EMOTIONS.map((e) => pad(e, 9)).join("")}`);
  for (const gold of EMOTIONS) lines.push(`  ${pad(gold, 9)}${EMOTIONS.map((p) => pad(String(ev.confusion[gold][p]), 9)).join("")}`);
  return lines;
}
