// Which emotions to show as chips on a transcript entry: the strongest few, strongest first.
import type { EmotionScores } from "../../protocol/call-messages";
import { sortedEmotions } from "../lib/format";

export const EMOTION_CHIPS_MAX = 3;
/** Scores below this are noise, not worth a chip. */
export const EMOTION_CHIP_MIN_SCORE = 0.05;

export function topEmotions(emotions: EmotionScores, max = EMOTION_CHIPS_MAX): [name: string, score: number][] {
  return sortedEmotions(emotions)
    .filter(([, s]) => s >= EMOTION_CHIP_MIN_SCORE)
    .slice(0, max);
}
