// The voice's prosody per caller turn — loudness, pitch (autocorrelation) and its movement, speaking
// rate (syllable peaks in the energy envelope) — and the blend of score maps. What the prosody means is
// read against the caller's own baseline (voice-baseline.ts), never against absolute thresholds.
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
  /** Pitch movement: robust standard deviation (1.4826 × MAD) in semitones. */
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
  // Robust spread (1.4826 × median absolute deviation, in semitones): a pitch tracker's octave slips
  // on a frame or two do not read as a lively voice.
  let rangeSt = 0;
  if (median !== null && pitches.length > 1) {
    const deviations = pitches.map((p) => Math.abs(12 * Math.log2(p / median))).sort((a, b) => a - b);
    rangeSt = 1.4826 * (deviations[Math.floor(deviations.length / 2)] ?? 0);
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
