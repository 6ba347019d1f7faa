// Per-frame acoustic features shared by the VAD and the prosody scorer: voicing /
// pitch from the normalised autocorrelation of a pre-emphasised window. Pure functions.

export interface Voicing {
  /** Peak normalised autocorrelation in the pitch range, 0..1 (voiced speech ≳ 0.5, noise ≲ 0.3). */
  periodicity: number;
  /** Fundamental frequency at that peak, or null when the window has no energy. */
  pitchHz: number | null;
}

const MIN_PITCH_HZ = 70;
const MAX_PITCH_HZ = 400;

/**
 * First-order high-pass (pre-emphasis) y[n] = x[n] − k·x[n−1]: removes rumble, hum and brown-noise drift
 * while keeping the formant band where speech energy sits. `before` is the sample preceding the frame.
 */
export function emphasize(frame: Int16Array, before: number, k = 0.95): Int16Array {
  const out = new Int16Array(frame.length);
  let prev = before;
  for (let i = 0; i < frame.length; i++) {
    const v = frame[i] ?? 0;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(v - k * prev)));
    prev = v;
  }
  return out;
}

/** Scratch buffers of voicing(), reused across calls (it runs on every speech frame of every call). */
let whitened = new Float32Array(0);
let energyPrefix = new Float64Array(0);

/**
 * Voicing of `window` (e.g. 40 ms). A first difference whitens low-frequency noise such as
 * brown noise or hum, which would otherwise look periodic; voiced speech keeps its glottal periodicity.
 */
export function voicing(window: Int16Array, sampleRate: number): Voicing {
  const n = window.length;
  if (whitened.length < n) {
    whitened = new Float32Array(n);
    energyPrefix = new Float64Array(n + 1);
  }
  const x = whitened;
  const prefix = energyPrefix;
  let prev = 0;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += window[i]!;
  mean /= n || 1;
  for (let i = 0; i < n; i++) {
    const v = window[i]! - mean;
    x[i] = v - prev;
    prev = v;
  }
  const minLag = Math.max(2, Math.floor(sampleRate / MAX_PITCH_HZ));
  const maxLag = Math.min(Math.floor(sampleRate / MIN_PITCH_HZ), Math.floor(n / 2));
  // prefix[k] = Σ x[i]², i < k: the energies of both overlapping parts at every lag in O(1).
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + x[i]! * x[i]!;
  const energy = prefix[n]!;
  if (energy < 1e-3 || maxLag <= minLag) return { periodicity: 0, pitchHz: null };
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const span = n - lag;
    // Four independent partial sums: the loop is bound by the latency of one long chain of additions.
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    let i = 0;
    for (; i + 3 < span; i += 4) {
      c0 += x[i]! * x[i + lag]!;
      c1 += x[i + 1]! * x[i + 1 + lag]!;
      c2 += x[i + 2]! * x[i + 2 + lag]!;
      c3 += x[i + 3]! * x[i + 3 + lag]!;
    }
    for (; i < span; i++) c0 += x[i]! * x[i + lag]!;
    const cross = c0 + c1 + c2 + c3;
    const e1 = prefix[span]!; // x[0 … n−lag−1]
    const e2 = energy - prefix[lag]!; // x[lag … n−1]
    const r = e1 > 0 && e2 > 0 ? cross / Math.sqrt(e1 * e2) : 0;
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  // Prefer the shortest lag close to the best one (avoids picking the octave below).
  return { periodicity: Math.max(0, best), pitchHz: bestLag > 0 ? sampleRate / bestLag : null };
}
