// Emotion score maps as every stage hands them on (protocol EmotionScores over EMOTIONS): non-negative,
// summing to 1, three decimals; all calm when nothing was found. Used by the words model and by the
// pipeline's prosody blend. Pure.
import { EMOTIONS, type EmotionName, type EmotionScores } from "../../protocol/call-messages";

export function emptyEmotions(): Record<EmotionName, number> {
  return { joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 0 };
}

/** Scales raw weights to scores that sum to 1 (all calm when there is no weight at all), 3 decimals. */
export function normalizeEmotions(raw: Partial<Record<string, number>>): EmotionScores {
  let total = 0;
  for (const e of EMOTIONS) total += Math.max(0, raw[e] ?? 0);
  const out: EmotionScores = {};
  for (const e of EMOTIONS) out[e] = total > 0 ? Math.round((Math.max(0, raw[e] ?? 0) / total) * 1000) / 1000 : e === "calm" ? 1 : 0;
  return out;
}
