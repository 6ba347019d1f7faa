// Does the old hand-made lexicon (lexicon.ts) add anything to the words model? A blend of the two
// score maps, (1 − share) × model + share × lexicon, with the share chosen on held-out training lines;
// the training script and the bench then measure that blend on dev. Pure.
import { EMOTIONS, type EmotionName, type EmotionScores } from "../../protocol/call-messages";
import { evaluate, topEmotion } from "./metrics";

export const BLEND_SHARES = [0, 0.1, 0.2, 0.3, 0.4, 0.5] as const;

export function blendScores(model: EmotionScores, lexicon: EmotionScores, share: number): EmotionScores {
  const out: EmotionScores = {};
  for (const e of EMOTIONS) out[e] = (1 - share) * (model[e] ?? 0) + share * (lexicon[e] ?? 0);
  return out;
}

/** The share (of BLEND_SHARES) whose blend has the best macro-F1 on these lines, with each share's figure. */
export function tuneBlend(
  model: readonly EmotionScores[],
  lexicon: readonly EmotionScores[],
  gold: ReadonlyArray<readonly EmotionName[]>,
): { share: number; macroF1: number; tried: Array<{ share: number; macroF1: number }> } {
  const tried = BLEND_SHARES.map((share) => ({ share, macroF1: evaluate(model.map((m, i) => topEmotion(blendScores(m, lexicon[i] ?? {}, share))), gold).macroF1 }));
  const best = tried.reduce((a, b) => (b.macroF1 > a.macroF1 + 1e-9 ? b : a));
  return { ...best, tried };
}
