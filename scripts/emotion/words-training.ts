// The words model's training, step by step, for scripts/train-emotions.ts: features and vocabulary,
// class balance, the held-out choice of settings and offsets (from training lines only), the final fit
// on all training lines, quantisation to int8 and pruning. Deterministic for a given seed. Pure apart
// from the progress it logs.
import { EMOTIONS, type EmotionName } from "../../protocol/call-messages";
import { featureValue, textFeatures } from "../../worker/emotion/tokens";
import { WEIGHTS_FORMAT, type WordsWeightsFile } from "../../worker/emotion/weights-format";
import { tuneOffsets, tuneSharpness } from "./calibrate";
import type { LabelledLine } from "./goemotions";
import { rng } from "../seed/prng";
import { shuffleInPlace } from "./shuffle";
import { type Example, logitsOf, type LinearModel, trainSoftmax } from "./softmax";

export interface TrainingSettings {
  seed: number;
  /** Share of the training lines held out to choose settings and offsets. */
  heldOutShare: number;
  /** Features seen on fewer training lines are left out (words; pairs need pairMinCount). */
  minCount: number;
  pairMinCount: number;
  epochs: number;
  learningRate: number;
  /** Candidates tried on the held-out lines; the best macro-F1 wins. */
  l2: readonly number[];
  /** Class weight = (mean class count / class count) ^ power. */
  classWeightPower: readonly number[];
  /** After quantising, features whose six int8 weights are all within ±prune are dropped. */
  prune: number;
}

export const DEFAULT_SETTINGS: TrainingSettings = {
  seed: 20261201,
  heldOutShare: 0.1,
  minCount: 5,
  pairMinCount: 10,
  epochs: 6,
  learningRate: 0.2,
  l2: [0.003, 0.01, 0.03],
  classWeightPower: [0, 0.5],
  prune: 3,
};

export interface Chosen {
  l2: number;
  classWeightPower: number;
  offsets: number[];
  heldOutMacroF1: number;
  /** The sums (with offsets) × this: a calibrated softmax (least held-out log-loss). */
  sharpness: number;
  heldOutLogLoss: number;
}

export interface Featurized {
  text: string;
  features: string[];
  labels: EmotionName[];
}

export function featurize(lines: readonly LabelledLine[]): Featurized[] {
  return lines.map((l) => ({ text: l.text, features: textFeatures(l.text), labels: l.labels }));
}

/** The features seen often enough, sorted (a stable order for the weights file). */
export function vocabulary(rows: readonly Featurized[], settings: TrainingSettings): string[] {
  const counts = new Map<string, number>();
  for (const r of rows) for (const f of r.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts]
    .filter(([f, n]) => n >= (f.includes(" ") ? settings.pairMinCount : settings.minCount))
    .map(([f]) => f)
    .sort();
}

function classWeights(rows: readonly Featurized[], power: number): number[] {
  const counts = EMOTIONS.map((e) => rows.filter((r) => r.labels.includes(e)).length);
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.map((n) => Math.pow(mean / Math.max(1, n), power));
}

function examples(rows: readonly Featurized[], vocab: readonly string[], power: number): Example[] {
  const index = new Map(vocab.map((f, i) => [f, i]));
  const weights = classWeights(rows, power);
  return rows.map((r) => {
    const target = new Float64Array(EMOTIONS.length);
    let weight = 0;
    for (const l of r.labels) {
      const c = EMOTIONS.indexOf(l);
      target[c] = 1 / r.labels.length;
      weight += (weights[c] ?? 1) / r.labels.length;
    }
    return { ...known(r.features, index), target, weight };
  });
}

/** A line's features as vocabulary indices, and the value each has (tokens.ts featureValue). */
function known(features: readonly string[], index: ReadonlyMap<string, number>): { features: Int32Array; value: number } {
  return { features: Int32Array.from(features.map((f) => index.get(f) ?? -1).filter((i) => i >= 0)), value: featureValue(features.length) };
}

function fit(rows: readonly Featurized[], vocab: readonly string[], settings: TrainingSettings, l2: number, power: number): LinearModel {
  return trainSoftmax(examples(rows, vocab, power), vocab.length, {
    classes: EMOTIONS.length,
    epochs: settings.epochs,
    learningRate: settings.learningRate,
    l2,
    seed: settings.seed,
  });
}

/** The model's sums for featurized rows, looked up in `vocab`. */
export function rowLogits(model: LinearModel, vocab: readonly string[], rows: readonly Featurized[]): Float64Array[] {
  const index = new Map(vocab.map((f, i) => [f, i]));
  return rows.map((r) => {
    const { features, value } = known(r.features, index);
    return logitsOf(model, features, value);
  });
}

/** Splits the training lines (seeded shuffle) into the part that fits and the part held out. */
export function holdOut<T>(rows: readonly T[], settings: TrainingSettings): { fit: T[]; heldOut: T[] } {
  const shuffled = shuffleInPlace([...rows], rng(settings.seed ^ 0x5eed));
  const cut = Math.round(shuffled.length * settings.heldOutShare);
  return { heldOut: shuffled.slice(0, cut), fit: shuffled.slice(cut) };
}

/**
 * Tries each setting on the held-out lines; returns the best, with its offsets, and that model's sums
 * for the held-out lines (for choosing anything else on them, e.g. a blend).
 */
export function chooseSettings(
  train: readonly Featurized[],
  settings: TrainingSettings,
  log: (m: string) => void,
): { chosen: Chosen; heldOut: Featurized[]; heldOutLogits: Float64Array[] } {
  const { fit: part, heldOut } = holdOut(train, settings);
  const vocab = vocabulary(part, settings);
  let best: { chosen: Chosen; heldOut: Featurized[]; heldOutLogits: Float64Array[] } | null = null;
  for (const l2 of settings.l2) {
    for (const power of settings.classWeightPower) {
      const model = fit(part, vocab, settings, l2, power);
      const logits = rowLogits(model, vocab, heldOut);
      const { offsets, macroF1 } = tuneOffsets(logits, heldOut.map((r) => r.labels));
      log(`  held out: l2 ${l2}, class weight power ${power}: macro-F1 ${macroF1.toFixed(4)} (offsets ${offsets.join(" ")})`);
      if (!best || macroF1 > best.chosen.heldOutMacroF1) {
        const { factor, logLoss } = tuneSharpness(logits, offsets, heldOut.map((r) => r.labels));
        best = { chosen: { l2, classWeightPower: power, offsets, heldOutMacroF1: macroF1, sharpness: factor, heldOutLogLoss: logLoss }, heldOut, heldOutLogits: logits };
      }
    }
  }
  if (!best) throw new Error("no settings to try");
  return best;
}

/** The final fit on every training line with the chosen settings. */
export function fitFinal(train: readonly Featurized[], settings: TrainingSettings, chosen: Chosen): { model: LinearModel; vocab: string[] } {
  const vocab = vocabulary(train, settings);
  return { model: fit(train, vocab, settings, chosen.l2, chosen.classWeightPower), vocab };
}

function int8ToBase64(values: Int8Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * The weights file: int8 weights with a scale per emotion, offsets and sharpness folded into the scales
 * and biases, features whose weights all quantise to within ±prune dropped (a dropped feature still counts in a line's feature value, as in training).
 */
export function quantize(model: LinearModel, vocab: readonly string[], chosen: Pick<Chosen, "offsets" | "sharpness">, prune: number): WordsWeightsFile {
  const k = model.classes;
  const { offsets, sharpness } = chosen;
  const scale = EMOTIONS.map((_, c) => {
    let max = 0;
    for (let f = 0; f < vocab.length; f++) max = Math.max(max, Math.abs(model.weights[f * k + c]!));
    return round(max / 127, 6) || 1;
  });
  const kept: string[] = [];
  const values: number[] = [];
  vocab.forEach((feature, f) => {
    const row = EMOTIONS.map((_, c) => Math.max(-127, Math.min(127, Math.round(model.weights[f * k + c]! / scale[c]!))));
    if (row.every((q) => Math.abs(q) <= prune)) return;
    kept.push(feature);
    values.push(...row);
  });
  return {
    format: WEIGHTS_FORMAT,
    classes: [...EMOTIONS],
    scale: scale.map((s) => round(s * sharpness, 6)),
    bias: EMOTIONS.map((_, c) => round(sharpness * (model.bias[c]! + (offsets[c] ?? 0)), 4)),
    features: kept.join("\n"),
    weights: int8ToBase64(Int8Array.from(values)),
  };
}
