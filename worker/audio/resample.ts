// 8 kHz ⇄ 16 kHz resampling for telephone audio. Both directions use one linear-phase half-band FIR
// (47 taps, Kaiser window β = 5.65, cut-off 4 kHz at 16 kHz): passband flat to ~3.4 kHz, ≥ 50 dB
// stop-band from 4.6 kHz and ≥ 65 dB from 5 kHz, so downsampling does not fold 4–8 kHz content into
// the call and upsampling leaves no spectral image above 4 kHz. A half-band filter has every other tap
// zero and a centre tap of ½, so each output sample costs 12 multiplies (symmetric taps are paired).
// The 12-tap kernels are unrolled: this runs once per 20 ms frame for every phone call.
//
// Up (the caller's audio, as it arrives): a streaming resampler keeps the filter's history between
// frames, so consecutive 20 ms frames join without clicks; each output frame is exactly twice its input,
// delayed by UPSAMPLE_DELAY_16K (1.5 ms). Down (a reply, whose whole sentence is at hand): any range
// of the delay-free output is computed from the input directly, so a sentence goes 100 ms at a time.

const PAIRS = 12;
const TAPS = 4 * PAIRS - 1; // 47
const KAISER_BETA = 5.65;

/** Delay of the streaming upsampler, in output (16 kHz) samples. */
export const UPSAMPLE_DELAY_16K = 2 * PAIRS;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

/**
 * The odd taps h[c ± (2j+1)], j = 0..11, of the half-band low-pass at 16 kHz (Kaiser-windowed sinc),
 * normalised so that both sides sum to exactly ½: with the centre tap ½ the DC gain is exactly 1.
 */
function designOddTaps(): number[] {
  const centre = (TAPS - 1) / 2;
  const i0Beta = besselI0(KAISER_BETA);
  const taps: number[] = [];
  for (let j = 0; j < PAIRS; j++) {
    const offset = 2 * j + 1;
    const x = offset / 2;
    const r = offset / centre;
    taps.push(((0.5 * Math.sin(Math.PI * x)) / (Math.PI * x)) * (besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / i0Beta));
  }
  const sum = 2 * taps.reduce((a, b) => a + b, 0);
  return taps.map((t) => (t * 0.5) / sum);
}

const ODD_TAPS = designOddTaps();
const [G0, G1, G2, G3, G4, G5, G6, G7, G8, G9, G10, G11] = ODD_TAPS as [
  number, number, number, number, number, number, number, number, number, number, number, number,
];

/** The full 47-tap impulse response at 16 kHz (for analysis and tests). */
export function halfBandImpulseResponse(): Float64Array {
  const h = new Float64Array(TAPS);
  const c = (TAPS - 1) / 2;
  h[c] = 0.5;
  ODD_TAPS.forEach((t, j) => {
    h[c + 2 * j + 1] = t;
    h[c - 2 * j - 1] = t;
  });
  return h;
}

/** Σ G_j·(b[lo-j] + b[hi+j]), j = 0..11: the half-band's odd phase around the gap lo | hi. */
function oddPhase(b: Float64Array, lo: number, hi: number): number {
  return (
    G0 * (b[lo]! + b[hi]!) +
    G1 * (b[lo - 1]! + b[hi + 1]!) +
    G2 * (b[lo - 2]! + b[hi + 2]!) +
    G3 * (b[lo - 3]! + b[hi + 3]!) +
    G4 * (b[lo - 4]! + b[hi + 4]!) +
    G5 * (b[lo - 5]! + b[hi + 5]!) +
    G6 * (b[lo - 6]! + b[hi + 6]!) +
    G7 * (b[lo - 7]! + b[hi + 7]!) +
    G8 * (b[lo - 8]! + b[hi + 8]!) +
    G9 * (b[lo - 9]! + b[hi + 9]!) +
    G10 * (b[lo - 10]! + b[hi + 10]!) +
    G11 * (b[lo - 11]! + b[hi + 11]!)
  );
}

/** Round half away from zero and saturate to int16 (Int16Array stores truncate toward zero). */
function toInt16(v: number): number {
  const r = v + (v >= 0 ? 0.5 : -0.5);
  return r > 32767 ? 32767 : r < -32768 ? -32768 : r;
}

/** A working buffer: `history` samples carried over from the previous frame, then the new frame. */
class FrameWindow {
  buf: Float64Array;
  constructor(readonly history: number) {
    this.buf = new Float64Array(history + 320);
  }
  /** Appends `input` after the history. */
  load(input: Int16Array): Float64Array {
    const count = input.length;
    const need = this.history + count;
    if (this.buf.length < need) {
      const grown = new Float64Array(need);
      grown.set(this.buf.subarray(0, this.history));
      this.buf = grown;
    }
    const buf = this.buf;
    const h = this.history;
    for (let i = 0; i < count; i++) buf[h + i] = input[i]!;
    return buf;
  }
  /** Keep the last `history` samples of a frame of `length` for the next one. */
  carry(length: number): void {
    this.buf.copyWithin(0, length, length + this.history);
  }
}

/** Streaming 8 kHz → 16 kHz (×2). Each call returns exactly twice as many samples as it was given. */
export class Upsampler8to16 {
  private readonly win = new FrameWindow(2 * PAIRS - 1);

  process(input: Int16Array, out: Int16Array = new Int16Array(input.length * 2)): Int16Array {
    const buf = this.win.load(input);
    const n = input.length;
    // Output pair m: an original sample (even phase, delayed by PAIRS input samples), then the
    // half-sample point between it and the next one (odd phase) from PAIRS samples on either side.
    for (let m = 0; m < n; m++) {
      const k = m + PAIRS - 1;
      out[2 * m] = buf[k]!;
      out[2 * m + 1] = toInt16(2 * oddPhase(buf, k, k + 1));
    }
    this.win.carry(n);
    return out;
  }
}

/** x[i] of a signal that is zero outside [0, end). */
function sampleAt(x: Int16Array, i: number, end: number): number {
  return i >= 0 && i < end ? x[i]! : 0;
}

/**
 * Samples [first, first + out.length) of `downsample16to8(input)`, bit for bit, computed from `input`
 * directly: output k is the half-band filter centred on input 2k (zero outside the signal). A reply
 * is converted message by message as it is sent, instead of a whole sentence at once.
 */
export function downsample16to8Range(input: Int16Array, first: number, out: Int16Array): Int16Array {
  const end = input.length & ~1;
  if (first < 0 || 2 * (first + out.length) > end) throw new RangeError("downsample16to8Range: outside the signal");
  const reach = 2 * PAIRS - 1; // the filter's farthest odd tap from its centre
  for (let m = 0; m < out.length; m++) {
    const c = 2 * (first + m);
    let v: number;
    if (c - reach >= 0 && c + reach < end) {
      v =
        0.5 * input[c]! +
        (G0 * (input[c - 1]! + input[c + 1]!) +
          G1 * (input[c - 3]! + input[c + 3]!) +
          G2 * (input[c - 5]! + input[c + 5]!) +
          G3 * (input[c - 7]! + input[c + 7]!) +
          G4 * (input[c - 9]! + input[c + 9]!) +
          G5 * (input[c - 11]! + input[c + 11]!) +
          G6 * (input[c - 13]! + input[c + 13]!) +
          G7 * (input[c - 15]! + input[c + 15]!) +
          G8 * (input[c - 17]! + input[c + 17]!) +
          G9 * (input[c - 19]! + input[c + 19]!) +
          G10 * (input[c - 21]! + input[c + 21]!) +
          G11 * (input[c - 23]! + input[c + 23]!));
    } else {
      // Near either end (the same sum, in the same order, with the zeros outside the signal).
      let odd = 0;
      for (let j = 0; j < PAIRS; j++) odd += ODD_TAPS[j]! * (sampleAt(input, c - 2 * j - 1, end) + sampleAt(input, c + 2 * j + 1, end));
      v = 0.5 * input[c]! + odd;
    }
    out[m] = toInt16(v);
  }
  return out;
}

/** One-shot 8 → 16 kHz of a whole signal, delay removed (output aligned with the input). */
export function upsample8to16(input: Int16Array): Int16Array {
  const padded = new Int16Array(input.length + PAIRS);
  padded.set(input);
  return new Upsampler8to16().process(padded).slice(UPSAMPLE_DELAY_16K, UPSAMPLE_DELAY_16K + input.length * 2);
}

/** One-shot 16 → 8 kHz of a whole signal (an odd last sample is dropped), delay removed. */
export function downsample16to8(input: Int16Array): Int16Array {
  return downsample16to8Range(input, 0, new Int16Array(input.length >> 1));
}
