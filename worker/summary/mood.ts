// The caller's mood from stored per-entry emotion scores (pure): the mean scores of a call and the mood
// arc, the dominant feeling of the first third of the caller's turns against that of the last third.
import { EMOTIONS, type EmotionName, type EmotionScores, type TranscriptEntry } from "../../protocol/call-messages";

const MOOD_WORDS: Record<EmotionName, string> = {
  joy: "happy",
  sadness: "sad",
  anger: "angry",
  fear: "anxious",
  surprise: "surprised",
  calm: "calm",
};

function scoredCallerTurns(transcript: readonly TranscriptEntry[]): EmotionScores[] {
  return transcript
    .filter((e) => e.speaker === "caller")
    .map((e) => e.emotions)
    .filter((s) => EMOTIONS.some((name) => typeof s[name] === "number" && s[name] > 0));
}

/** Mean of each emotion over the given scores, normalized to sum to 1; null without scores. */
export function meanEmotions(scores: readonly EmotionScores[]): Record<EmotionName, number> | null {
  if (scores.length === 0) return null;
  const sums = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<EmotionName, number>;
  for (const s of scores) for (const e of EMOTIONS) sums[e] += Number.isFinite(s[e]) ? Math.max(0, s[e] ?? 0) : 0;
  const total = EMOTIONS.reduce((a, e) => a + sums[e], 0);
  if (total <= 0) return null;
  return Object.fromEntries(EMOTIONS.map((e) => [e, Math.round((sums[e] / total) * 10_000) / 10_000])) as Record<EmotionName, number>;
}

/** The caller's mean emotion scores over the call; null when no caller turn was scored. */
export function callerEmotionMix(transcript: readonly TranscriptEntry[]): Record<EmotionName, number> | null {
  return meanEmotions(scoredCallerTurns(transcript));
}

function dominant(mix: Record<EmotionName, number>): EmotionName {
  return EMOTIONS.reduce((best, e) => (mix[e] > mix[best] ? e : best), EMOTIONS[0]);
}

/** e.g. "anxious → calm", or "calm throughout"; null when no caller turn was scored. */
export function moodArc(transcript: readonly TranscriptEntry[]): string | null {
  const turns = scoredCallerTurns(transcript);
  if (turns.length === 0) return null;
  const third = Math.max(1, Math.floor(turns.length / 3));
  const start = meanEmotions(turns.slice(0, third));
  const end = meanEmotions(turns.slice(turns.length - third));
  if (!start || !end) return null;
  const from = MOOD_WORDS[dominant(start)];
  const to = MOOD_WORDS[dominant(end)];
  return turns.length === 1 || from === to ? `${from} throughout` : `${from} → ${to}`;
}
