// Maps a sentiment model's verdict (distilbert-sst-2: probability the text is positive) onto the
// emotion set, using the word lexicon to tell sadness, anger and fear apart. Pure.
import type { EmotionScores } from "../../../protocol/call-messages";
import { lexiconCues, normalizeEmotions } from "../lexicon";

/**
 * Sentiment (probability the text is positive) + the word lexicon → emotions. Positive sentiment feeds
 * joy; negative sentiment is shared among sadness, anger and fear in the proportions the words suggest
 * (sadness when they suggest nothing); neutral sentiment leaves room for calm.
 */
export function sentimentEmotions(text: string, positive: number): EmotionScores {
  const { weights } = lexiconCues(text);
  const negative = 1 - positive;
  const negWords = weights.sadness + weights.anger + weights.fear;
  const share = (w: number, fallback: number) => (negWords > 0 ? w / negWords : fallback);
  const certainty = Math.abs(positive - negative);
  return normalizeEmotions({
    joy: weights.joy * 0.5 + Math.max(0, positive - 0.5) * 2,
    sadness: weights.sadness * 0.5 + Math.max(0, negative - 0.5) * 2 * share(weights.sadness, 1),
    anger: weights.anger * 0.5 + Math.max(0, negative - 0.5) * 2 * share(weights.anger, 0),
    fear: weights.fear * 0.5 + Math.max(0, negative - 0.5) * 2 * share(weights.fear, 0),
    surprise: weights.surprise * 0.5,
    calm: weights.calm * 0.5 + (1 - certainty) * 0.8 + 0.1,
  });
}
