// The voice's emotions as the pipeline read them before issue 40 §2: hand-tuned ABSOLUTE thresholds
// ("-35 dBFS → 0", "120 Hz → 0"), the same for every caller. Out of the product path (the voice is
// read against the caller's own baseline now, worker/pipeline/hearing/voice-baseline.ts); kept only
// so the voice bench can print it beside the baseline reading in the same run.
import type { EmotionScores } from "../../protocol/call-messages";
import { normalizeEmotions } from "../../worker/emotion/scores";
import type { Prosody } from "../../worker/pipeline/hearing/prosody";

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

/** Prosody → emotions by absolute thresholds (the previous approach). Scores sum to 1. */
export function absoluteProsodyEmotions(p: Prosody): EmotionScores {
  if (p.pitchHz === null || p.voicedRatio < 0.05) return normalizeEmotions({ calm: 1 });
  const loud = clamp01((p.levelDb + 35) / 20); // -35 dBFS → 0, -15 dBFS → 1
  const lively = clamp01((p.pitchRangeSt - 1) / 4); // 1 → 0, 5 semitones → 1
  const fast = clamp01((p.syllablesPerSec - 2.5) / 3.5); // 2.5/s → 0, 6/s → 1
  const high = clamp01((p.pitchHz - 120) / 150);
  const arousal = (loud + lively + fast) / 3;
  return normalizeEmotions({
    joy: arousal * lively * (0.6 + 0.4 * high),
    surprise: lively * high * 0.8,
    anger: loud * fast * (1 - lively) * 1.2,
    fear: fast * high * (1 - loud) * 0.9,
    sadness: (1 - arousal) * (1 - lively) * (1 - fast) * 0.9,
    calm: (1 - arousal) * 0.8 + 0.1,
  });
}
