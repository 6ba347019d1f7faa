// 8 ⇄ 16 kHz resampling. Stated bounds (telephone band 100 Hz – 3 kHz unless noted):
//   upsampling a sweep vs. the same sweep generated at 16 kHz: SNR ≥ 55 dB;
//   downsampling likewise: SNR ≥ 55 dB; 16 → 8 → 16 round trip: SNR ≥ 50 dB;
//   3.4 kHz (top of the telephone band): ≥ 40 dB; aliasing of 5–7.9 kHz into the 8 kHz band ≤ −60 dB
//   (4.6 kHz: ≤ −45 dB); images above 4 kHz after upsampling ≤ −55 dB.
import { describe, expect, it } from "vitest";
import {
  UPSAMPLE_DELAY_16K,
  Upsampler8to16,
  downsample16to8,
  downsample16to8Range,
  halfBandImpulseResponse,
  upsample8to16,
} from "../../../worker/audio/resample";

const AMPLITUDE = 12000;

/** Linear sweep f0 → f1 over `seconds`, sampled at `rate`. */
function sweep(rate: number, seconds: number, f0: number, f1: number): Int16Array {
  const n = Math.round(rate * seconds);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const phase = 2 * Math.PI * (f0 * t + ((f1 - f0) * t * t) / (2 * seconds));
    out[i] = Math.round(AMPLITUDE * Math.sin(phase));
  }
  return out;
}

function tone(rate: number, n: number, freq: number): Int16Array {
  return Int16Array.from({ length: n }, (_, i) => Math.round(AMPLITUDE * Math.sin((2 * Math.PI * freq * i) / rate)));
}

/** SNR in dB of `got` against `ref`, ignoring `edge` samples at each end (filter start-up). */
function snrDb(ref: Int16Array, got: Int16Array, edge: number): number {
  expect(got.length).toBe(ref.length);
  let signal = 0;
  let noise = 0;
  for (let i = edge; i < ref.length - edge; i++) {
    signal += ref[i]! ** 2;
    noise += (ref[i]! - got[i]!) ** 2;
  }
  return noise === 0 ? Infinity : 10 * Math.log10(signal / noise);
}

/** Power of `freq` in `x` (Goertzel), relative to a full-amplitude tone, in dB. */
function toneLevelDb(x: Int16Array, rate: number, freq: number): number {
  const w = (2 * Math.PI * freq) / rate;
  const coeff = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < x.length; i++) {
    const s0 = x[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  const amplitude = (2 * Math.sqrt(power)) / x.length;
  return 20 * Math.log10(amplitude / AMPLITUDE + 1e-12);
}

describe("8 → 16 kHz", () => {
  it("reproduces a 100 Hz – 3 kHz sweep within 55 dB SNR", () => {
    const got = upsample8to16(sweep(8000, 2, 100, 3000));
    expect(snrDb(sweep(16000, 2, 100, 3000), got, 200)).toBeGreaterThan(55);
  });

  it("keeps 3.4 kHz within 40 dB SNR", () => {
    expect(snrDb(tone(16000, 16000, 3400), upsample8to16(tone(8000, 8000, 3400)), 200)).toBeGreaterThan(40);
  });

  it("leaves no image above 4 kHz (1 kHz tone: nothing at 7 kHz)", () => {
    const up = upsample8to16(tone(8000, 8000, 1000));
    expect(toneLevelDb(up, 16000, 1000)).toBeGreaterThan(-0.1);
    expect(toneLevelDb(up, 16000, 7000)).toBeLessThan(-55);
  });
});

describe("16 → 8 kHz", () => {
  it("reproduces a 100 Hz – 3 kHz sweep within 55 dB SNR", () => {
    const got = downsample16to8(sweep(16000, 2, 100, 3000));
    expect(snrDb(sweep(8000, 2, 100, 3000), got, 100)).toBeGreaterThan(55);
  });

  it("attenuates what would alias: 5–7.9 kHz by ≥ 60 dB, 4.6 kHz by ≥ 45 dB", () => {
    for (const [freq, bound] of [[4600, -45], [5000, -60], [6000, -60], [7000, -60], [7900, -60]] as const) {
      const down = downsample16to8(tone(16000, 16000, freq));
      const alias = 8000 - freq;
      expect([freq, toneLevelDb(down.subarray(100, down.length - 100), 8000, alias) < bound]).toEqual([freq, true]);
    }
  });

  it("round-trips 16 → 8 → 16 kHz for telephone-band speech-like signals within 50 dB SNR", () => {
    const x = sweep(16000, 2, 100, 3000);
    expect(snrDb(x, upsample8to16(downsample16to8(x)), 300)).toBeGreaterThan(50);
  });

  it("is the half-band filter's convolution, centred on every other input sample, in any range", () => {
    // A direct convolution with the 47-tap impulse response (zero outside the signal) as the reference.
    const h = halfBandImpulseResponse();
    const centre = (h.length - 1) / 2;
    const x = sweep(16000, 0.25, 100, 7900);
    const reference = Array.from({ length: x.length >> 1 }, (_, k) => {
      let sum = 0;
      for (let n = 0; n < h.length; n++) sum += h[n]! * (x[2 * k + n - centre] ?? 0);
      return Math.max(-32768, Math.min(32767, Math.round(sum)));
    });
    const whole = downsample16to8(x);
    expect(Math.max(...Array.from(whole, (v, k) => Math.abs(v - reference[k]!)))).toBeLessThanOrEqual(1);
    for (const [first, count] of [[0, 1], [0, 30], [7, 100], [990, 10], [1999, 1]] as const) {
      expect(Array.from(downsample16to8Range(x, first, new Int16Array(count)))).toEqual(Array.from(whole.subarray(first, first + count)));
    }
    expect(() => downsample16to8Range(x, 1995, new Int16Array(6))).toThrow(RangeError);
    expect(downsample16to8(new Int16Array(3)).length).toBe(1); // an odd last sample is dropped
  });
});

describe("streaming", () => {
  it("20 ms frames upsampled give the same samples as one pass, shifted by the stated delay", () => {
    const x8 = sweep(8000, 1, 200, 3000);
    const up = new Upsampler8to16();
    const frames: number[] = [];
    for (let i = 0; i < x8.length; i += 160) frames.push(...up.process(x8.subarray(i, i + 160)));
    const oneShot = upsample8to16(x8);
    const aligned = frames.slice(UPSAMPLE_DELAY_16K);
    expect(aligned).toEqual(Array.from(oneShot.subarray(0, aligned.length)));
  });

  it("each frame is exactly 2× its input and joins frames without a click", () => {
    const up = new Upsampler8to16();
    expect(up.process(new Int16Array(160)).length).toBe(320);
    // A constant signal stays exactly constant across frame boundaries once the filter has filled.
    const dc = new Int16Array(160).fill(1000);
    up.process(dc);
    expect(new Set(up.process(dc))).toEqual(new Set([1000]));
  });

  it("saturates instead of wrapping on full-scale input", () => {
    const square = Int16Array.from({ length: 640 }, (_, i) => (Math.floor(i / 20) % 2 ? 32767 : -32768));
    const up = upsample8to16(square);
    expect(Math.max(...up)).toBe(32767); // the filter's overshoot hit the rail…
    expect(Math.min(...up)).toBe(-32768);
    // …and was clamped: wrapping would put the opposite sign inside a plateau.
    for (let k = 0; k < up.length; k++) {
      const i = k / 2;
      const edgeDistance = Math.min(i % 20, 20 - (i % 20));
      if (edgeDistance < 3) continue;
      expect([k, Math.sign(up[k]!)]).toEqual([k, Math.floor(i / 20) % 2 ? 1 : -1]);
    }
  });
});

describe("the half-band filter", () => {
  it("has unit DC gain, linear phase and zero even taps", () => {
    const h = halfBandImpulseResponse();
    expect(h.length).toBe(47);
    expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (let i = 0; i < h.length; i++) expect(h[i]).toBeCloseTo(h[h.length - 1 - i]!, 15);
    for (let k = 2; k <= 22; k += 2) expect(h[23 + k]).toBe(0);
    expect(h[23]).toBe(0.5);
  });
});
