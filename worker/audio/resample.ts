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

/**
 * The half-band's odd phase at the gap between w11 and w12 of a 24-sample window w0 … w23:
 * Σ G_j·(w[11 − j] + w[12 + j]), nearest pair first (the same order everywhere, so results are bit for bit).
 */
// prettier-ignore
function oddPhase(
  w0: number, w1: number, w2: number, w3: number, w4: number, w5: number, w6: number, w7: number, w8: number, w9: number, w10: number, w11: number,
  w12: number, w13: number, w14: number, w15: number, w16: number, w17: number, w18: number, w19: number, w20: number, w21: number, w22: number, w23: number,
): number {
  return (
    G0 * (w11 + w12) + G1 * (w10 + w13) + G2 * (w9 + w14) + G3 * (w8 + w15) + G4 * (w7 + w16) + G5 * (w6 + w17) +
    G6 * (w5 + w18) + G7 * (w4 + w19) + G8 * (w3 + w20) + G9 * (w2 + w21) + G10 * (w1 + w22) + G11 * (w0 + w23)
  );
}

/** Round half away from zero and saturate to int16 (Int16Array stores truncate toward zero). */
function toInt16(v: number): number {
  const r = v + (v >= 0 ? 0.5 : -0.5);
  return r > 32767 ? 32767 : r < -32768 ? -32768 : r;
}

/** Streaming 8 kHz → 16 kHz (×2). Each call returns exactly twice as many samples as it was given. */
export class Upsampler8to16 {
  /** The last 2·PAIRS − 1 input samples, oldest first: the filter's reach back into the previous frame. */
  private readonly history = new Float64Array(2 * PAIRS - 1);

  process(input: Int16Array, out: Int16Array = new Int16Array(input.length * 2)): Int16Array {
    // The filter's window of 24 input samples x0 … x23 lives in locals and slides one sample per
    // step (one typed-array read per step instead of 24). Output pair m: the original sample x11
    // (delayed by PAIRS − 1 input samples), then the half-sample point between x11 and x12 from the
    // 12 samples on either side.
    const h = this.history;
    let x0 = h[0]!, x1 = h[1]!, x2 = h[2]!, x3 = h[3]!, x4 = h[4]!, x5 = h[5]!, x6 = h[6]!, x7 = h[7]!;
    let x8 = h[8]!, x9 = h[9]!, x10 = h[10]!, x11 = h[11]!, x12 = h[12]!, x13 = h[13]!, x14 = h[14]!, x15 = h[15]!;
    let x16 = h[16]!, x17 = h[17]!, x18 = h[18]!, x19 = h[19]!, x20 = h[20]!, x21 = h[21]!, x22 = h[22]!;
    const n = input.length;
    for (let m = 0; m < n; m++) {
      const x23 = input[m]!;
      out[2 * m] = x11;
      const odd = oddPhase(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, x16, x17, x18, x19, x20, x21, x22, x23);
      out[2 * m + 1] = toInt16(2 * odd);
      x0 = x1; x1 = x2; x2 = x3; x3 = x4; x4 = x5; x5 = x6; x6 = x7; x7 = x8; x8 = x9; x9 = x10; x10 = x11;
      x11 = x12; x12 = x13; x13 = x14; x14 = x15; x15 = x16; x16 = x17; x17 = x18; x18 = x19; x19 = x20; x20 = x21; x21 = x22; x22 = x23;
    }
    h[0] = x0; h[1] = x1; h[2] = x2; h[3] = x3; h[4] = x4; h[5] = x5; h[6] = x6; h[7] = x7;
    h[8] = x8; h[9] = x9; h[10] = x10; h[11] = x11; h[12] = x12; h[13] = x13; h[14] = x14; h[15] = x15;
    h[16] = x16; h[17] = x17; h[18] = x18; h[19] = x19; h[20] = x20; h[21] = x21; h[22] = x22;
    return out;
  }
}

/** x[i] of a signal that is zero outside [0, end). */
function sampleAt(x: Int16Array, i: number, end: number): number {
  return i >= 0 && i < end ? x[i]! : 0;
}

/**
 * Samples [first, first + out.length) of `downsample16to8(input)`: output k is the half-band filter
 * centred on input 2k (zero outside the signal), computed from `input` directly — a reply is
 * converted message by message as it is sent, instead of a whole sentence at once.
 */
export function downsample16to8Range(input: Int16Array, first: number, out: Int16Array): Int16Array {
  const end = input.length & ~1;
  if (first < 0 || 2 * (first + out.length) > end) throw new RangeError("downsample16to8Range: outside the signal");
  // The odd samples around the centre c = 2k, o0 … o23 = x[c − 23], x[c − 21], …, x[c + 23], live in
  // locals and slide by one (two input samples) per output, as in the upsampler.
  let c = 2 * first;
  let o0 = sampleAt(input, c - 23, end), o1 = sampleAt(input, c - 21, end), o2 = sampleAt(input, c - 19, end), o3 = sampleAt(input, c - 17, end);
  let o4 = sampleAt(input, c - 15, end), o5 = sampleAt(input, c - 13, end), o6 = sampleAt(input, c - 11, end), o7 = sampleAt(input, c - 9, end);
  let o8 = sampleAt(input, c - 7, end), o9 = sampleAt(input, c - 5, end), o10 = sampleAt(input, c - 3, end), o11 = sampleAt(input, c - 1, end);
  let o12 = sampleAt(input, c + 1, end), o13 = sampleAt(input, c + 3, end), o14 = sampleAt(input, c + 5, end), o15 = sampleAt(input, c + 7, end);
  let o16 = sampleAt(input, c + 9, end), o17 = sampleAt(input, c + 11, end), o18 = sampleAt(input, c + 13, end), o19 = sampleAt(input, c + 15, end);
  let o20 = sampleAt(input, c + 17, end), o21 = sampleAt(input, c + 19, end), o22 = sampleAt(input, c + 21, end);
  for (let m = 0; m < out.length; m++, c += 2) {
    const next = c + 23;
    const o23 = next < end ? input[next]! : 0;
    const odd = oddPhase(o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12, o13, o14, o15, o16, o17, o18, o19, o20, o21, o22, o23);
    out[m] = toInt16(0.5 * input[c]! + odd);
    o0 = o1; o1 = o2; o2 = o3; o3 = o4; o4 = o5; o5 = o6; o6 = o7; o7 = o8; o8 = o9; o9 = o10; o10 = o11;
    o11 = o12; o12 = o13; o13 = o14; o14 = o15; o15 = o16; o16 = o17; o17 = o18; o18 = o19; o19 = o20; o20 = o21; o21 = o22; o22 = o23;
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
