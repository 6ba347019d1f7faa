// Synthetic voices for prosody tests and the voice bench: a speaker is a pitch, a level, a speaking rate and a pitch
// movement; a turn of theirs is syllables (glottal-pulse-like voiced bursts with a rise-and-fall
// envelope) at that rate, separated by short gaps, the pitch drifting around the speaker's own.
// Deterministic (a seeded jitter varies each turn a little, as a real speaker's turns vary).

export interface Speaker {
  /** Pitch at rest, Hz. */
  pitchHz: number;
  /** Peak amplitude (16-bit). */
  amp: number;
  /** Syllables a second. */
  rate: number;
  /** Pitch movement, semitones either way across the turn. */
  movementSt: number;
}

const RATE = 16000;

function jitter(seed: number): () => number {
  let x = seed * 2654435761 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) / 4294967296) * 2 - 1;
  };
}

/** One turn of `syllables` syllables by `speaker` (seed: which of their turns). */
export function speakerTurn(speaker: Speaker, seed = 1, syllables = 10): Int16Array {
  const rnd = jitter(seed);
  const period = 1 / (speaker.rate * (1 + 0.05 * rnd()));
  const amp = speaker.amp * (1 + 0.06 * rnd());
  const samplesPer = Math.round(period * RATE);
  const voicedPart = 0.7;
  const out = new Int16Array(samplesPer * syllables + Math.round(0.3 * RATE));
  let phase = 0;
  for (let s = 0; s < syllables; s++) {
    const st = speaker.movementSt * Math.sin((2 * Math.PI * s) / syllables + seed);
    const f0 = speaker.pitchHz * 2 ** (st / 12) * (1 + 0.01 * rnd());
    const voiced = Math.round(samplesPer * voicedPart);
    for (let i = 0; i < voiced; i++) {
      const env = Math.sin((Math.PI * i) / voiced) ** 0.5;
      phase = (phase + f0 / RATE) % 1;
      const pulse = phase < 0.6 ? phase / 0.6 - 0.5 : 0.5 - (phase - 0.6) / 0.4;
      out[s * samplesPer + i] = Math.round(amp * env * 2 * pulse);
    }
  }
  return out;
}
