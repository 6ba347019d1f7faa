// Softmax (multinomial logistic) regression over sparse binary features, trained with per-sample
// AdaGrad and L2, for the words emotion model. Soft targets (a line with two labels is half each), a
// weight per example (class balance), each feature of a line worth 1/√(its feature count). Deterministic given
// the seed (the only randomness is the seeded shuffle of each epoch). Pure.
import { rng } from "../seed/prng";
import { shuffleInPlace } from "./shuffle";

export interface Example {
  /** Feature indices, distinct (features outside the vocabulary left out). */
  features: Int32Array;
  /** Each feature's value: 1/√(the line's feature count, its unknown features included). */
  value: number;
  /** Target probability per class, summing to 1. */
  target: Float64Array;
  weight: number;
}

export interface TrainOptions {
  classes: number;
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
}

export interface LinearModel {
  classes: number;
  /** weights[feature * classes + class]. */
  weights: Float64Array;
  bias: Float64Array;
}

/** The model's sums per class for an example's features. */
export function logitsOf(model: LinearModel, features: Int32Array, v: number): Float64Array {
  const k = model.classes;
  const out = Float64Array.from(model.bias);
  for (const f of features) for (let c = 0; c < k; c++) out[c]! += v * model.weights[f * k + c]!;
  return out;
}

function softmaxInPlace(z: Float64Array): void {
  let max = -Infinity;
  for (const v of z) max = Math.max(max, v);
  let total = 0;
  for (let c = 0; c < z.length; c++) total += z[c] = Math.exp(z[c]! - max);
  for (let c = 0; c < z.length; c++) z[c]! /= total;
}

export function trainSoftmax(examples: readonly Example[], features: number, options: TrainOptions): LinearModel {
  const k = options.classes;
  const model: LinearModel = { classes: k, weights: new Float64Array(features * k), bias: new Float64Array(k) };
  const g2 = new Float64Array(features * k).fill(1e-8);
  const g2Bias = new Float64Array(k).fill(1e-8);
  const random = rng(options.seed);
  const order = examples.map((_, i) => i);
  const grad = new Float64Array(k);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const i of order) {
      const ex = examples[i]!;
      const p = logitsOf(model, ex.features, ex.value);
      softmaxInPlace(p);
      for (let c = 0; c < k; c++) grad[c] = ex.weight * (p[c]! - ex.target[c]!);
      for (let c = 0; c < k; c++) {
        const g = grad[c]!;
        g2Bias[c]! += g * g;
        model.bias[c]! -= (options.learningRate * g) / Math.sqrt(g2Bias[c]!);
      }
      const v = ex.value;
      for (const f of ex.features) {
        for (let c = 0; c < k; c++) {
          const at = f * k + c;
          const g = grad[c]! * v + options.l2 * model.weights[at]!;
          g2[at]! += g * g;
          model.weights[at]! -= (options.learningRate * g) / Math.sqrt(g2[at]!);
        }
      }
    }
  }
  return model;
}
