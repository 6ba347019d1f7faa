import { describe, expect, it } from "vitest";
import { autocorrelation } from "../../../worker/audio/autocorrelation";
import { voicing } from "../../../worker/pipeline/turns/acoustic-features";
import { rng } from "../../../scripts/seed/prng";
import { loadFixture } from "../support/fixtures";
import { lagByLagAutocorrelation } from "../support/lag-by-lag-autocorrelation";

/** The definition, lag by lag. */
function directAutocorrelation(x: ArrayLike<number>, n: number, lag: number): number {
  let sum = 0;
  for (let i = 0; i + lag < n; i++) sum += x[i]! * x[i + lag]!;
  return sum;
}

describe("autocorrelation", () => {
  it("equals the lag-by-lag sums for signals of many lengths, lag ranges and levels", () => {
    const random = rng(7);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 900);
      const maxLag = Math.floor(random() * n);
      const scale = [1, 1000, 32768][trial % 3]!;
      const x = Float64Array.from({ length: n + Math.floor(random() * 5) }, () => (random() - 0.5) * scale);
      const r = Array.from(autocorrelation(x, n, maxLag).subarray(0, maxLag + 1));
      const tolerance = 1e-12 * Math.max(1, directAutocorrelation(x, n, 0));
      for (let lag = 0; lag <= maxLag; lag++) expect(Math.abs(r[lag]! - directAutocorrelation(x, n, lag))).toBeLessThan(tolerance);
    }
  });

  it("is exact for a single impulse and zero for silence, and refuses lags it cannot compute", () => {
    const impulse = new Float64Array(16);
    impulse[3] = 2;
    expect(Array.from(autocorrelation(impulse, 16, 4).subarray(0, 5)).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([4, 0, 0, 0, 0]);
    expect(Array.from(autocorrelation(new Float64Array(10), 10, 9).subarray(0, 10)).every((v) => Math.abs(v) < 1e-12)).toBe(true);
    expect(() => autocorrelation(new Float64Array(10), 10, 10)).toThrow(RangeError);
    expect(() => autocorrelation(new Float64Array(10), 11, 2)).toThrow(RangeError);
    expect(() => autocorrelation(new Float64Array(10), 0, 0)).toThrow(RangeError);
  });
});

describe("voicing by FFT", () => {
  /** 40 ms windows (the VAD's) stepping 20 ms through a recording, plus the prosody scorer's 20 ms first window. */
  function windows(audio: Int16Array, size: number): Int16Array[] {
    const out: Int16Array[] = [audio.subarray(0, size / 2)];
    for (let at = 0; at + size <= audio.length; at += size / 2) out.push(audio.subarray(at, at + size));
    return out;
  }

  function expectSameVoicing(window: Int16Array, sampleRate: number): void {
    const fast = voicing(window, sampleRate);
    const slow = voicing(window, sampleRate, lagByLagAutocorrelation);
    expect(fast.pitchHz).toBe(slow.pitchHz);
    expect(Math.abs(fast.periodicity - slow.periodicity)).toBeLessThan(1e-9);
  }

  it("finds the same pitch and periodicity as the lag-by-lag correlation on speech, noise and silence", () => {
    const recordings = (["speech-hello", "speech-hello-noisy", "speech-wait", "noise-white", "noise-brown"] as const).map((name) => loadFixture(name));
    let voiced = 0;
    for (const audio of recordings) {
      for (const window of windows(audio, 640)) {
        expectSameVoicing(window, 16000);
        if (voicing(window, 16000).periodicity >= 0.5) voiced++;
      }
    }
    expect(voiced).toBeGreaterThan(50); // the speech was in there
    expectSameVoicing(new Int16Array(640), 16000);
  });

  it("agrees on pulse trains at exact periods (where an octave below matches as well) and at 8 kHz", () => {
    for (const period of [40, 64, 100, 113, 160, 200, 228]) {
      const pulses = Int16Array.from({ length: 640 }, (_, i) => (i % period === 0 ? 20000 : 0));
      expectSameVoicing(pulses, 16000);
      expect(voicing(pulses, 16000).pitchHz).toBeCloseTo(16000 / period, 6);
    }
    const random = rng(3);
    for (let trial = 0; trial < 50; trial++) {
      const f0 = 80 + random() * 300;
      const tone = Int16Array.from({ length: 320 }, (_, i) => Math.round(9000 * Math.sin((2 * Math.PI * f0 * i) / 8000) + (random() - 0.5) * 2000));
      expectSameVoicing(tone, 8000);
    }
  });
});
