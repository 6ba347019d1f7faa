// The words model: a caller's text → emotion scores (protocol EmotionScores: the six EMOTIONS, summing
// to 1, three decimals), for every engine (offline, local, Workers AI; an OpenAI-compatible setup runs
// its emotions on the embedded engine). A linear model over the features of tokens.ts, trained on
// GoEmotions (scripts/train-emotions.ts; figures in words-figures.json, docs/emotion.md): the softmax of
// its sums is the scores. Text with no words is all calm. Pure and deterministic; the weights are
// decoded once per isolate, on first use.
import { EMOTIONS, type EmotionName, type EmotionScores } from "../../protocol/call-messages";
import { normalizeEmotions } from "./scores";
import { featureValue, textFeatures } from "./tokens";
import { decodeWeights, type DecodedWeights, type WordsWeightsFile } from "./weights-format";
import WEIGHTS from "./words-weights.json";

let model: DecodedWeights | null = null;

function committedModel(): DecodedWeights {
  model ??= decodeWeights(WEIGHTS satisfies WordsWeightsFile);
  return model;
}

/** The model's sum per emotion (EMOTIONS order) for a line's features; features it never saw add nothing. */
export function featureLogits(features: readonly string[], weights: DecodedWeights): Float64Array {
  const k = EMOTIONS.length;
  const logits = Float64Array.from(weights.bias);
  const value = featureValue(features.length);
  for (const f of features) {
    const row = weights.rows.get(f);
    if (row === undefined) continue;
    for (let c = 0; c < k; c++) logits[c]! += value * (weights.weights[row * k + c] ?? 0);
  }
  return logits;
}

/** Softmax of the sums: a probability per emotion (EMOTIONS order), summing to 1. */
export function softmax(logits: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  const out = logits.map((v) => Math.exp(v - max));
  let total = 0;
  for (const v of out) total += v;
  return out.map((v) => v / total);
}

/** Probabilities as a score map (three decimals, summing to 1). */
export function toScores(probabilities: Float64Array): EmotionScores {
  const raw = {} as Record<EmotionName, number>;
  EMOTIONS.forEach((e, c) => (raw[e] = probabilities[c] ?? 0));
  return normalizeEmotions(raw);
}

/** The emotions in a text's words, by the committed model (or `weights`, e.g. while training). */
export function wordsEmotions(text: string, weights: DecodedWeights = committedModel()): EmotionScores {
  const features = textFeatures(text);
  if (features.length === 0) return normalizeEmotions({});
  return toScores(softmax(featureLogits(features, weights)));
}
