// A small formant speech synthesizer for the offline provider (no network, no model, deterministic).
// It follows the text's syllables: each word is split into vowel groups; vowels are a glottal pulse train
// through three formant resonators (F1–F3 by vowel letter, gliding from the previous vowel), consonants
// are noise bursts (fricatives, stops) or voiced murmurs (nasals, liquids). Pitch follows a declining
// contour per sentence, falls at "." and rises at "?", with pauses at spaces and punctuation. The voice
// style sets pitch, range, rate and brightness; a reply's delivery moves its pace, pitch and level.
// It is speech-like audio, not intelligible speech.
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";
import type { FallbackVoice } from "../provider";

export const SYNTH_SAMPLE_RATE = 16000;

interface Voice {
  f0: number;
  /** Pitch range around f0 (fraction). */
  range: number;
  rate: number;
  formantScale: number;
  level: number;
}

export const VOICES: Record<VoiceStyle, Voice> = {
  default: { f0: 120, range: 0.18, rate: 1, formantScale: 1, level: 0.5 },
  warm: { f0: 108, range: 0.14, rate: 0.92, formantScale: 0.97, level: 0.48 },
  energetic: { f0: 150, range: 0.3, rate: 1.15, formantScale: 1.05, level: 0.55 },
  authoritative: { f0: 96, range: 0.1, rate: 0.95, formantScale: 0.95, level: 0.55 },
  gentle: { f0: 195, range: 0.16, rate: 0.88, formantScale: 1.15, level: 0.4 },
};

const VOWEL_FORMANTS: Record<string, [number, number, number]> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [300, 2200, 2960],
  o: [570, 840, 2410],
  u: [320, 920, 2240],
  y: [400, 1900, 2550],
};

type ConsonantKind = "fricative" | "stop" | "voiced";
const CONSONANTS: Record<string, ConsonantKind> = {
  s: "fricative", z: "fricative", f: "fricative", v: "fricative", h: "fricative", x: "fricative", c: "fricative", j: "fricative",
  p: "stop", t: "stop", k: "stop", b: "stop", d: "stop", g: "stop", q: "stop",
  m: "voiced", n: "voiced", l: "voiced", r: "voiced", w: "voiced",
};

interface Syllable {
  onset: string;
  vowel: string;
  coda: string;
  stressed: boolean;
}

/** Splits a word into syllables around its vowel groups ("hello" → he·llo). */
export function syllables(word: string): Syllable[] {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (!w) return [];
  const parts = w.match(/[^aeiouy]*[aeiouy]+|[^aeiouy]+$/g) ?? [w];
  const out: Syllable[] = [];
  for (const part of parts) {
    const m = part.match(/^([^aeiouy]*)([aeiouy]*)$/);
    const onset = m?.[1] ?? part;
    const vowel = m?.[2] ?? "";
    if (!vowel) {
      const last = out[out.length - 1];
      if (last) last.coda += onset;
      else out.push({ onset: "", vowel: "e", coda: onset, stressed: true });
      continue;
    }
    out.push({ onset, vowel, coda: "", stressed: out.length === 0 });
  }
  // A silent final "e" ("make") joins the previous syllable.
  const last = out[out.length - 1];
  if (out.length > 1 && last && last.vowel === "e" && last.coda === "" && w.endsWith("e")) {
    out.pop();
    const prev = out[out.length - 1];
    if (prev) prev.coda += last.onset;
  }
  return out;
}

interface Token {
  word: string;
  /** Pause after the word, ms. */
  pauseMs: number;
  /** Sentence-final intonation after this word. */
  final: "fall" | "rise" | null;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/([A-Za-z0-9']+)([^A-Za-z0-9']*)/g)) {
    const word = (m[1] ?? "").replace(/[0-9]+/g, (d) => "num".repeat(Math.min(3, d.length)));
    const punct = m[2] ?? "";
    let pauseMs = 35;
    let final: Token["final"] = null;
    if (/[.!…]/.test(punct)) {
      pauseMs = 360;
      final = "fall";
    } else if (/\?/.test(punct)) {
      pauseMs = 360;
      final = "rise";
    } else if (/[,;:—–-]/.test(punct)) pauseMs = 190;
    tokens.push({ word, pauseMs, final });
  }
  return tokens;
}

/** Deterministic noise (LCG), so the same text always gives the same audio. */
function noiseSource(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2147483648 - 1;
  };
}

class Resonator {
  private y1 = 0;
  private y2 = 0;
  private a = 0;
  private b = 0;
  private c = 0;
  // The last settings: unchanged settings keep their coefficients (set() runs once per sample).
  private freq = NaN;
  private bandwidth = NaN;
  private rate = NaN;
  private r = 0;
  set(freq: number, bandwidth: number, rate: number): void {
    if (freq === this.freq && bandwidth === this.bandwidth && rate === this.rate) return;
    if (bandwidth !== this.bandwidth || rate !== this.rate) {
      this.r = Math.exp((-Math.PI * bandwidth) / rate);
      this.bandwidth = bandwidth;
      this.rate = rate;
    }
    this.freq = freq;
    const r = this.r;
    this.c = -r * r;
    this.b = 2 * r * Math.cos((2 * Math.PI * freq) / rate);
    this.a = 1 - this.b - this.c;
  }
  step(x: number): number {
    const y = this.a * x + this.b * this.y1 + this.c * this.y2;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Samples per chunk of the float buffer (64 KB: a long sentence takes a few, none is ever copied). */
const CHUNK_SAMPLES = 16384;

/**
 * The speech as it is made, pre-emphasized on the way in (y = x − 0.7·x₋₁: the higher formants lifted a
 * little so vowels sound less muffled), in Float32 chunks, with its peak: the only buffer besides the
 * PCM16 result: ~6 bytes a sample in all. Growing one Float64 array by doubling allocated ~18 and copied
 * the samples at each growth.
 */
class Samples {
  private readonly chunks: Float32Array[] = [];
  private chunk = new Float32Array(0);
  private at = 0;
  private previous = 0;
  peak = 0;
  push(v: number): void {
    if (this.at === this.chunk.length) {
      this.chunk = new Float32Array(CHUNK_SAMPLES);
      this.chunks.push(this.chunk);
      this.at = 0;
    }
    const y = v - 0.7 * this.previous;
    this.previous = v;
    this.chunk[this.at++] = y;
    const magnitude = Math.abs(y);
    if (magnitude > this.peak) this.peak = magnitude;
  }
  /** The samples as PCM16, scaled by `scale` (every chunk is full but the last, filled up to `at`). */
  toPcm16(scale: number): Int16Array {
    const pcm = new Int16Array(Math.max(0, this.chunks.length - 1) * CHUNK_SAMPLES + this.at);
    this.chunks.forEach((chunk, c) => {
      const n = c === this.chunks.length - 1 ? this.at : CHUNK_SAMPLES;
      for (let i = 0; i < n; i++) pcm[c * CHUNK_SAMPLES + i] = Math.round(chunk[i]! * scale);
    });
    return pcm;
  }
}

/** A style's voice at a reply's delivery (pace × rate, pitch shifted in semitones, level × volume). */
function deliveredVoice(style: VoiceStyle, delivery?: Delivery): Voice {
  const voice = VOICES[style];
  if (!delivery) return voice;
  return { ...voice, f0: voice.f0 * 2 ** (delivery.pitchSt / 12), rate: voice.rate * delivery.rate, level: voice.level * delivery.volume };
}

/** Synthesizes `text` in `style` (at `delivery`) as 16 kHz mono PCM16; no samples for text without a Latin letter or a digit. */
export function synthesizeSpeech(text: string, style: VoiceStyle, delivery?: Delivery): Int16Array {
  const voice = deliveredVoice(style, delivery);
  const rate = SYNTH_SAMPLE_RATE;
  const tokens = tokenize(text);
  const out = new Samples();
  const noise = noiseSource(text.length * 7919 + style.length);
  const r1 = new Resonator();
  const r2 = new Resonator();
  const r3 = new Resonator();
  const fricative = new Resonator();
  let phase = 0;
  let formants: [number, number, number] = [500, 1500, 2500];
  const totalSyllables = Math.max(1, tokens.reduce((n, t) => n + syllables(t.word).length, 0));
  let syllableIndex = 0;
  let currentPitch = voice.f0;
  const ms = (v: number) => Math.round(((v / voice.rate) * rate) / 1000);

  const silence = (n: number) => {
    for (let i = 0; i < n; i++) out.push(0);
  };
  const consonant = (letter: string) => {
    const kind = CONSONANTS[letter];
    if (!kind) return;
    if (kind === "stop") {
      silence(ms(25));
      fricative.set(letter === "p" || letter === "b" ? 900 : letter === "t" || letter === "d" ? 3500 : 2000, 1200, rate);
      const n = ms(18);
      for (let i = 0; i < n; i++) out.push(fricative.step(noise()) * 0.01 * (1 - i / n));
    } else if (kind === "fricative") {
      fricative.set(letter === "s" || letter === "z" || letter === "c" ? 5200 : letter === "h" ? 1500 : 3200, 1800, rate);
      const n = ms(letter === "h" ? 45 : 75);
      for (let i = 0; i < n; i++) {
        const env = Math.min(1, i / (n * 0.2), (n - i) / (n * 0.2));
        out.push(fricative.step(noise()) * 0.006 * env);
      }
    } else {
      voiced(ms(55), [260, letter === "r" ? 1300 : letter === "l" ? 1100 : 1000, 2500], 0.45, 1);
    }
  };
  const attack = ms(12);
  const release = ms(20);
  const voiced = (n: number, target: [number, number, number], gain: number, pitchScale: number) => {
    const [from0, from1, from2] = formants;
    const [to0, to1, to2] = target;
    const glideSamples = Math.max(1, n * 0.35);
    for (let i = 0; i < n; i++) {
      const glide = Math.min(1, i / glideSamples);
      r1.set((from0 + (to0 - from0) * glide) * voice.formantScale, 80, rate);
      r2.set((from1 + (to1 - from1) * glide) * voice.formantScale, 110, rate);
      r3.set((from2 + (to2 - from2) * glide) * voice.formantScale, 160, rate);
      const progress = (syllableIndex + i / n) / totalSyllables;
      const f0 = currentPitch * pitchScale * (1 - 0.15 * progress);
      phase += f0 / rate;
      if (phase >= 1) phase -= 1;
      // Glottal pulse: a rising ramp with a sharp closure, plus a little breath.
      const source = (phase < 0.6 ? phase / 0.6 : 1 - (phase - 0.6) / 0.4) - 0.5 + noise() * 0.04;
      const env = Math.min(1, i / attack, (n - i) / release);
      const y = r3.step(r2.step(r1.step(source)));
      out.push(y * gain * env);
    }
    formants = target;
  };

  tokens.forEach((token, t) => {
    const syls = syllables(token.word);
    syls.forEach((syl, s) => {
      const lastOfPhrase = token.final !== null && s === syls.length - 1;
      let pitch = voice.f0 * (1 + (syl.stressed ? voice.range : 0) + Math.sin(t * 1.7 + s) * voice.range * 0.3);
      if (lastOfPhrase) pitch = voice.f0 * (token.final === "rise" ? 1 + voice.range * 2 : 1 - voice.range);
      currentPitch = pitch;
      for (const letter of syl.onset) consonant(letter);
      const vowelLetter = syl.vowel[0] ?? "e";
      const target = VOWEL_FORMANTS[vowelLetter] ?? VOWEL_FORMANTS.e ?? [500, 1500, 2500];
      const length = (syl.stressed ? 150 : 105) + (syl.vowel.length > 1 ? 40 : 0) + (lastOfPhrase ? 80 : 0);
      voiced(ms(length), target, 1, 1);
      for (const letter of syl.coda) consonant(letter);
      syllableIndex++;
    });
    silence(ms(token.pauseMs));
  });

  return out.toPcm16(out.peak > 0 ? (voice.level * 32767) / out.peak : 0);
}

/** The embedded synthesizer as the pipeline's voice of last resort (ConversationOptions.fallbackVoice). */
export const BUNDLED_VOICE: FallbackVoice = {
  synthesize: (text, style) => ({ samples: synthesizeSpeech(text, style), sampleRate: SYNTH_SAMPLE_RATE }),
};
