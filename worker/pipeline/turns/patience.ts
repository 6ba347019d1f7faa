// How long the Echo waits before it answers: a sad, fearful or hesitant caller (slower, or with more
// pauses, than their own baseline) gets a longer end-of-turn silence window — up to MAX_PATIENCE_MS more —
// so a pause to gather themselves is not taken for the end of their turn; an excited or angry caller
// gets the normal window. Decided from the last heard turn's emotions and voice reading. Pure.
import type { EmotionScores } from "../../../protocol/call-messages";

/** What patience needs of a turn's voice reading (hearing/voice-baseline.ts VoiceReading has these). */
export interface VoiceCues {
  /** −1 … 1 against the caller's baseline. */
  arousal: number;
  /** Slower or more pausing than the caller usually is. */
  hesitant: boolean;
}

/** The most extra silence a caller is given (on top of the turn options' silenceMs). */
export const MAX_PATIENCE_MS = 400;
/** Extra silence for a caller who sounds hesitant (slow or pausing, against their baseline). */
const HESITANT_MS = 250;
/** sadness + fear share from which the wait grows, and the share at which it is full. */
const LOW_FROM = 0.3;
const LOW_FULL = 0.65;
/** Arousal above this (excited, against the baseline) keeps the normal window. */
const EXCITED_AROUSAL = 0.35;

export interface Patience {
  /** Extra end-of-turn silence, ms (0 … MAX_PATIENCE_MS). */
  extraMs: number;
  /** Why (for the trail): "low" (sad or afraid), "hesitant", both, "excited", or "none". */
  reason: "low" | "hesitant" | "low_and_hesitant" | "excited" | "none";
}

/** The extra silence after a turn with `emotions` and `voice` (its reading against the caller's baseline). */
export function patienceAfter(emotions: EmotionScores, voice: VoiceCues | null): Patience {
  const aroused = (voice?.arousal ?? 0) > EXCITED_AROUSAL;
  const highs = (emotions.joy ?? 0) + (emotions.anger ?? 0) + (emotions.surprise ?? 0);
  const lows = (emotions.sadness ?? 0) + (emotions.fear ?? 0);
  if (aroused || highs > Math.max(lows, 0.5)) return { extraMs: 0, reason: "excited" };
  const low = Math.min(1, Math.max(0, (lows - LOW_FROM) / (LOW_FULL - LOW_FROM))) * MAX_PATIENCE_MS;
  const hesitant = voice?.hesitant ? HESITANT_MS : 0;
  const extraMs = Math.round(Math.min(MAX_PATIENCE_MS, Math.max(low, hesitant) + (low > 0 && hesitant > 0 ? 100 : 0)));
  if (extraMs === 0) return { extraMs: 0, reason: "none" };
  return { extraMs, reason: low > 0 && hesitant > 0 ? "low_and_hesitant" : low > 0 ? "low" : "hesitant" };
}
