// Per-frame acoustic features shared by the VAD and the prosody scorer: voicing /
// pitch from the normalised autocorrelation of a pre-emphasised window. Pure functions.
import { autocorrelation } from "../../audio/autocorrelation";
import { sumOfSquaresDb } from "../../audio/level";

export interface Voicing {
  /** Peak normalised autocorrelation in the pitch range, 0..1 (voiced speech ≳ 0.5, noise ≲ 0.3). */
  periodicity: number;
  /** Fundamental frequency at that peak, or null when the window has no energy. */
  pitchHz: number | null;
}

const MIN_PITCH_HZ = 70;
const MAX_PITCH_HZ = 400;

/**
 * Level (dBFS) of a frame after a first-order high-pass (pre-emphasis) y[n] = x[n] − k·x[n−1], rounded
 * and saturated to PCM16 as a filtered frame would be: removes rumble, hum and brown-noise drift while
 * keeping the formant band where speech energy sits. `before` is the sample preceding the frame. It runs
 * on every frame of every call, so the filtered frame is summed, never stored.
 */
export function emphasizedLevelDb(frame: Int16Array, before: number, k = 0.95): number {
  let prev = before;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    const v = frame[i] ?? 0;
    let y = Math.round(v - k * prev);
    if (y > 32767) y = 32767;
    else if (y < -32768) y = -32768;
    sum += y * y;
    prev = v;
  }
  return sumOfSquaresDb(sum, frame.length);
}

/** `window` with its mean removed, then first-differenced, into `out` (voicing()'s whitening). */
function whiten(window: Int16Array, out: Float32Array): void {
  const n = window.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += window[i]!;
  mean /= n || 1;
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const v = window[i]! - mean;
    out[i] = v - prev;
    prev = v;
  }
}

/** Scratch buffers of voicing(), reused across calls (it runs on every speech frame of every call). */
let whitened = new Float32Array(0);
let energyPrefix = new Float64Array(0);

/**
 * A later lag must beat the best so far by this much (of the normalised correlation) to take its
 * place: the shortest of lags that are equally good wins (an octave below matches a periodic signal
 * as well as its period does), whatever the rounding of the FFT.
 */
const LAG_TIE = 1e-9;

/**
 * r[0 … maxLag] of the first `n` samples of `x` (r[lag] = Σ x[i]·x[i + lag]): how voicing() gets the
 * correlation at every lag. The product's is one autocorrelation by FFT (autocorrelation.ts); the tests
 * and the pipeline bench pass the lag-by-lag sums it replaced.
 */
export type Autocorrelate = (x: Float32Array, n: number, maxLag: number) => ArrayLike<number>;

/**
 * Voicing of `window` (e.g. 40 ms). A first difference whitens low-frequency noise such as
 * brown noise or hum, which would otherwise look periodic; voiced speech keeps its glottal periodicity.
 */
export function voicing(window: Int16Array, sampleRate: number, autocorrelate: Autocorrelate = autocorrelation): Voicing {
  const n = window.length;
  if (whitened.length < n) {
    whitened = new Float32Array(n);
    energyPrefix = new Float64Array(n + 1);
  }
  const x = whitened;
  const prefix = energyPrefix;
  whiten(window, x);
  // The pitch periods looked for: MIN_PITCH_HZ–MAX_PITCH_HZ, at most half the window.
  const minLag = Math.max(2, Math.floor(sampleRate / MAX_PITCH_HZ));
  const maxLag = Math.min(Math.floor(sampleRate / MIN_PITCH_HZ), Math.floor(n / 2));
  // prefix[k] = Σ x[i]², i < k: the energies of both overlapping parts at every lag in O(1).
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + x[i]! * x[i]!;
  const energy = prefix[n]!;
  if (energy < 1e-3 || maxLag <= minLag) return { periodicity: 0, pitchHz: null };
  const r = autocorrelate(x, n, maxLag);
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const e1 = prefix[n - lag]!; // x[0 … n−lag−1]
    const e2 = energy - prefix[lag]!; // x[lag … n−1]
    const c = e1 > 0 && e2 > 0 ? r[lag]! / Math.sqrt(e1 * e2) : 0;
    if (c > best + LAG_TIE) {
      best = c;
      bestLag = lag;
    }
  }
  return { periodicity: bestLag > 0 ? Math.min(1, best) : 0, pitchHz: bestLag > 0 ? sampleRate / bestLag : null };
}
