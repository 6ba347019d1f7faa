// The caller's own voice, as a running baseline for the call: each turn's prosody (prosody.ts) is read
// as deviations from the median of this caller's earlier turns — pitch in semitones (so a low and a high
// voice are comparable), level in dB, pitch movement in semitones, speaking rate in syllables a second —
// not against absolute thresholds. A low voice at rest and a high voice at rest both read calm; the same
// speaker louder and faster than usual reads as higher arousal. Prosody mostly reads arousal: its valence
// cues are weak, so the voice's weight in the blend is small and grows with the turns in the baseline
// (the first turn leans on the words). The baseline is a plain serialisable value (`VoiceBaselineState`),
// so a caller's memory across calls can hand one to the next call (not yet: the seam is `restore`). Pure.
import type { EmotionScores } from "../../../protocol/call-messages";
import { normalizeEmotions } from "../../emotion/scores";
import type { Prosody } from "./prosody";

/** One turn's voice, in the baseline's units. */
export interface VoiceSample {
  /** Median pitch, semitones above 100 Hz. */
  pitchSt: number;
  levelDb: number;
  /** Pitch movement (standard deviation, semitones). */
  rangeSt: number;
  syllablesPerSec: number;
  /** Share of frames voiced (pauses and hesitations lower it). */
  voicedRatio: number;
}

/** The baseline as stored (JSON-safe): the last turns' samples, oldest first. */
export interface VoiceBaselineState {
  version: 1;
  samples: VoiceSample[];
}

/** A turn's voice read against the baseline. */
export interface VoiceReading {
  /** Deviations in spreads (z-like, clamped to ±3): positive is higher/louder/livelier/faster than usual. */
  z: { pitch: number; level: number; range: number; rate: number; voiced: number };
  /** −1 (much calmer than usual) … 1 (much more aroused than usual). */
  arousal: number;
  /** Slower, or with more pauses, than this caller usually is. */
  hesitant: boolean;
  emotions: EmotionScores;
  /** Turns the baseline held when this one was read (0: read against itself, i.e. neutral). */
  baselineTurns: number;
  /** The voice's share of the blend with the words (0 … MAX_VOICE_WEIGHT). */
  weight: number;
}

/** Turns kept (a window: the caller's voice may drift over a long call). */
export const BASELINE_WINDOW = 12;
/** The voice's largest share of the blend (with many turns in the baseline). */
export const MAX_VOICE_WEIGHT = 0.4;
/** Turns in the baseline at which the voice reaches half its largest share. */
const HALF_WEIGHT_TURNS = 2;

/** Typical within-speaker spread of each measure (the floor of the estimated spread). */
const SPREAD = { pitch: 1.5, level: 3, range: 0.8, rate: 0.8, voiced: 0.12 } as const;
/** Arousal from the deviations: loudness and rate carry most, pitch movement and height less. */
const AROUSAL = { level: 0.35, rate: 0.3, range: 0.2, pitch: 0.15 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const up = (z: number) => clamp(z / 2, 0, 1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A turn's prosody in the baseline's units; null when it had too little voice to read. */
export function voiceSample(p: Prosody): VoiceSample | null {
  if (p.pitchHz === null || p.voicedRatio < 0.05) return null;
  return { pitchSt: 12 * Math.log2(p.pitchHz / 100), levelDb: p.levelDb, rangeSt: p.pitchRangeSt, syllablesPerSec: p.syllablesPerSec, voicedRatio: p.voicedRatio };
}

/** The voice's share of the blend with `turns` turns in the baseline: 0 with none, growing to MAX_VOICE_WEIGHT. */
export function voiceWeight(turns: number): number {
  return (MAX_VOICE_WEIGHT * turns) / (turns + HALF_WEIGHT_TURNS);
}

/** Deviations → emotions. At the baseline (all zero) this is calm. */
export function deviationEmotions(z: VoiceReading["z"], arousal: number): EmotionScores {
  const hi = Math.max(0, arousal);
  const lo = Math.max(0, -arousal);
  return normalizeEmotions({
    joy: hi * (0.25 + up(z.range)) * (0.6 + 0.4 * up(z.pitch)),
    surprise: hi * up(z.pitch) * up(z.range) * 0.8,
    anger: hi * up(z.level) * (1 - up(z.range)) * 1.2,
    fear: hi * up(z.rate) * up(z.pitch) * (1 - up(z.level)),
    sadness: lo * (0.3 + up(-z.rate) + up(-z.range) + up(-z.level)) * 0.6,
    calm: 1 - 0.9 * Math.max(hi, lo),
  });
}

export class VoiceBaseline {
  private samples: VoiceSample[];

  /** `restore`: a baseline kept from earlier (a caller's other calls); absent: a fresh one. */
  constructor(restore?: VoiceBaselineState) {
    this.samples = restore?.version === 1 ? restore.samples.slice(-BASELINE_WINDOW) : [];
  }

  get turns(): number {
    return this.samples.length;
  }

  /** The baseline as a plain value (for a caller's memory across calls). */
  state(): VoiceBaselineState {
    return { version: 1, samples: this.samples.map((s) => ({ ...s })) };
  }

  /** Reads `sample` against the turns before it (not including it); null: no voice to read. */
  read(sample: VoiceSample | null): VoiceReading | null {
    if (!sample) return null;
    const ref = this.samples.length ? this.samples : [sample];
    const dev = (key: keyof VoiceSample, spreadFloor: number) => {
      const values = ref.map((s) => s[key]);
      const centre = median(values);
      // Estimated spread (MAD) once there are enough turns, never below the typical spread.
      const mad = values.length >= 4 ? 1.4826 * median(values.map((v) => Math.abs(v - centre))) : 0;
      return clamp((sample[key] - centre) / Math.max(spreadFloor, mad), -3, 3);
    };
    const z = {
      pitch: dev("pitchSt", SPREAD.pitch),
      level: dev("levelDb", SPREAD.level),
      range: dev("rangeSt", SPREAD.range),
      rate: dev("syllablesPerSec", SPREAD.rate),
      voiced: dev("voicedRatio", SPREAD.voiced),
    };
    const raw = AROUSAL.level * z.level + AROUSAL.rate * z.rate + AROUSAL.range * z.range + AROUSAL.pitch * z.pitch;
    const arousal = Math.tanh(raw / 1.2);
    return {
      z,
      arousal,
      hesitant: this.samples.length > 0 && (z.rate <= -1 || z.voiced <= -1.5),
      emotions: deviationEmotions(z, arousal),
      baselineTurns: this.samples.length,
      weight: voiceWeight(this.samples.length),
    };
  }

  /** Adds a turn's voice to the baseline (the oldest leaves past BASELINE_WINDOW). */
  add(sample: VoiceSample | null): void {
    if (!sample) return;
    this.samples.push(sample);
    if (this.samples.length > BASELINE_WINDOW) this.samples.shift();
  }

  /** Reads the turn, then learns from it. */
  hear(sample: VoiceSample | null): VoiceReading | null {
    const reading = this.read(sample);
    this.add(sample);
    return reading;
  }
}
