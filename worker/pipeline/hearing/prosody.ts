// Emotion scores per caller entry. The provider scores the words (provider.textEmotions); this stage
// measures the voice's prosody — loudness, pitch (autocorrelation) and its movement, speaking rate
// (syllable peaks in the energy envelope) — maps it onto the same emotions, and blends the two.
// Emotion set (protocol EMOTIONS): joy, sadness, anger, fear, surprise, calm; an entry's scores sum to 1.
import { EMOTIONS, type EmotionScores } from "../../../protocol/call-messages";
import { normalizeEmotions } from "../../emotion/scores";
import { levelDb } from "../../audio/level";
import { voicing } from "../turns/acoustic-features";
import { FrameTrack } from "../turns/frame-track";

export interface Prosody {
  /** Mean level of the voiced frames, dBFS. */
  levelDb: number;
  /** Median pitch of voiced frames, Hz (null: no voiced frames). */
  pitchHz: number | null;
  /** Pitch movement: standard deviation in semitones. */
  pitchRangeSt: number;
  /** Syllable-like energy peaks per second of speech. */
  syllablesPerSec: number;
  /** Share of 20 ms frames that are voiced. */
  voicedRatio: number;
  durationMs: number;
}

const FRAME_MS = 20;

/** Prosody from raw audio (analyses each 20 ms frame first). */
export function measureProsody(samples: Int16Array, sampleRate: number): Prosody {
  const frame = Math.round((sampleRate * FRAME_MS) / 1000);
  const frames = new FrameTrack(Math.floor(samples.length / frame));
  for (let at = 0; at + frame <= samples.length; at += frame) {
    const level = levelDb(samples.subarray(at, at + frame));
    let pitchHz: number | null = null;
    if (level >= -50) {
      const v = voicing(samples.subarray(Math.max(0, at - frame), at + frame), sampleRate);
      if (v.periodicity >= 0.5) pitchHz = v.pitchHz;
    }
    frames.push(level, pitchHz);
  }
  return prosodyFromFrames(frames);
}

/** Prosody from 20 ms frame analyses (e.g. the VAD's, so nothing is computed twice). */
export function prosodyFromFrames(frames: FrameTrack): Prosody {
  const levels: number[] = [];
  const pitches: number[] = [];
  let voicedLevelSum = 0;
  for (let i = 0; i < frames.length; i++) {
    const level = frames.levelDb(i);
    levels.push(level);
    const pitch = frames.pitchHz(i);
    if (pitch === null) continue;
    pitches.push(pitch);
    voicedLevelSum += level;
  }
  const voicedCount = pitches.length;
  const sorted = [...pitches].sort((a, b) => a - b);
  const median = sorted.length ? (sorted[Math.floor(sorted.length / 2)] ?? null) : null;
  let rangeSt = 0;
  if (median !== null && pitches.length > 1) {
    const st = pitches.map((p) => 12 * Math.log2(p / median));
    const mean = st.reduce((a, b) => a + b, 0) / st.length;
    rangeSt = Math.sqrt(st.reduce((a, b) => a + (b - mean) * (b - mean), 0) / st.length);
  }
  return {
    levelDb: voicedCount ? voicedLevelSum / voicedCount : levels.length ? Math.max(...levels) : -100,
    pitchHz: median,
    pitchRangeSt: rangeSt,
    syllablesPerSec: countSyllablePeaks(levels) / Math.max(0.25, speechSeconds(levels)),
    voicedRatio: levels.length ? voicedCount / levels.length : 0,
    durationMs: frames.length * FRAME_MS,
  };
}

/** Seconds of frames within 30 dB of the loudest one (the speech itself, not the padding). */
function speechSeconds(levels: number[]): number {
  const top = Math.max(-100, ...levels);
  return (levels.filter((l) => l > top - 30).length * FRAME_MS) / 1000;
}

/** Peaks of the smoothed level envelope that stand ≥ 4 dB above the dip before them: syllable nuclei. */
export function countSyllablePeaks(levels: number[]): number {
  const smooth = levels.map((_, i) => {
    const a = levels[i - 1] ?? levels[i] ?? -100;
    const b = levels[i] ?? -100;
    const c = levels[i + 1] ?? levels[i] ?? -100;
    return (a + 2 * b + c) / 4;
  });
  const top = Math.max(-100, ...smooth);
  let peaks = 0;
  let dip = smooth[0] ?? -100;
  for (let i = 1; i < smooth.length - 1; i++) {
    const cur = smooth[i] ?? -100;
    dip = Math.min(dip, cur);
    const isPeak = cur > (smooth[i - 1] ?? -100) && cur >= (smooth[i + 1] ?? -100);
    if (isPeak && cur - dip >= 4 && cur > top - 25) {
      peaks++;
      dip = cur;
    }
  }
  return peaks;
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

/**
 * Prosody → emotions. Arousal grows with loudness, pitch movement and rate; high arousal with wide,
 * high pitch reads as joy/surprise, loud and fast with flat pitch as anger, fast and high but quiet as
 * fear; low arousal reads as calm, and slow, quiet, flat speech as sadness. Scores sum to 1.
 */
export function prosodyEmotions(p: Prosody): EmotionScores {
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

/** Weighted blend of several score maps over EMOTIONS; the result sums to 1. */
export function blendEmotions(parts: Array<{ scores: EmotionScores; weight: number }>): EmotionScores {
  const raw: Record<string, number> = {};
  for (const { scores, weight } of parts) for (const e of EMOTIONS) raw[e] = (raw[e] ?? 0) + (scores[e] ?? 0) * weight;
  return normalizeEmotions(raw);
}

/** The top emotions, strongest first (for prompts and summaries). */
export function topEmotions(scores: EmotionScores, count = 2): Array<{ emotion: string; score: number }> {
  return Object.entries(scores)
    .map(([emotion, score]) => ({ emotion, score }))
    .sort((a, b) => b.score - a.score || a.emotion.localeCompare(b.emotion))
    .slice(0, count);
}
