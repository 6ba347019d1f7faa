// The words model's weights file (words-weights.json, written by scripts/train-emotions.ts): a linear
// model over the features of tokens.ts, one row of six int8 weights per feature (scaled per emotion),
// plus a bias per emotion. Its shape and its decoding live here, once, for the trainer and the model.
import { EMOTIONS } from "../../protocol/call-messages";

export const WEIGHTS_FORMAT = "echo-words-linear-v1";

export interface WordsWeightsFile {
  /** WEIGHTS_FORMAT (checked when decoded). */
  format: string;
  /** Column order of the weights: protocol EMOTIONS (checked when decoded). */
  classes: string[];
  /** Per emotion: a weight is its int8 value × this scale. */
  scale: number[];
  /** Per emotion, added to the sum (the calibration tuned on held-out training lines is in it). */
  bias: number[];
  /** The features, one per line, in weight-row order. */
  features: string;
  /** base64 of the int8 weights, features × classes, row-major. */
  weights: string;
}

export interface DecodedWeights {
  rows: ReadonlyMap<string, number>;
  /** weights[row * classes + class], already scaled. */
  weights: Float32Array;
  bias: Float64Array;
}

function base64ToInt8(b64: string): Int8Array {
  const binary = atob(b64);
  const out = new Int8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = (binary.charCodeAt(i) << 24) >> 24;
  return out;
}

/** The file's weights, ready to score; throws when the file is not this format or its sizes disagree. */
export function decodeWeights(file: WordsWeightsFile): DecodedWeights {
  if (file.format !== WEIGHTS_FORMAT) throw new Error(`words weights: format "${file.format}", expected ${WEIGHTS_FORMAT}`);
  if (file.classes.join() !== EMOTIONS.join()) throw new Error(`words weights: classes ${file.classes.join()} are not ${EMOTIONS.join()}`);
  const k = EMOTIONS.length;
  const features = file.features ? file.features.split("\n") : [];
  const raw = base64ToInt8(file.weights);
  if (raw.length !== features.length * k || file.scale.length !== k || file.bias.length !== k) throw new Error("words weights: sizes disagree");
  const weights = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) weights[i] = (raw[i] ?? 0) * (file.scale[i % k] ?? 0);
  const rows = new Map<string, number>();
  features.forEach((f, i) => rows.set(f, i));
  return { rows, weights, bias: Float64Array.from(file.bias) };
}
