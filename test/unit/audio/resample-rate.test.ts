// Clip resampling (worker/audio/resample-rate.ts): length, pitch kept, amplitude kept, and no folding
// of content above the new Nyquist frequency into the band.
import { describe, expect, it } from "vitest";
import { resampleClip } from "../../../worker/audio/resample-rate";
import { tone } from "../../support/audio";

const toneAt = (hz: number, rate: number, seconds: number, amplitude = 10000): Int16Array => tone(hz, seconds * 1000, { amplitude, sampleRate: rate });

/** Amplitude of `hz` in `samples` (one DFT bin, middle of the clip). */
function level(samples: Int16Array, rate: number, hz: number): number {
  const from = Math.floor(samples.length / 4);
  const to = Math.floor((samples.length * 3) / 4);
  let re = 0;
  let im = 0;
  for (let i = from; i < to; i++) {
    re += (samples[i] ?? 0) * Math.cos((2 * Math.PI * hz * i) / rate);
    im += (samples[i] ?? 0) * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / (to - from);
}

describe("resampleClip", () => {
  it("24 kHz → 16 kHz keeps length, pitch and amplitude of speech-band tones", () => {
    const out = resampleClip(toneAt(440, 24000, 1), 24000, 16000);
    expect(out.length).toBe(16000);
    expect(level(out, 16000, 440)).toBeGreaterThan(9800);
    expect(level(out, 16000, 440)).toBeLessThan(10200);
    const high = resampleClip(toneAt(3000, 24000, 1), 24000, 16000);
    expect(level(high, 16000, 3000)).toBeGreaterThan(9500);
  });

  it("removes content above the new Nyquist frequency instead of folding it down", () => {
    // 10 kHz at 24 kHz would alias to 6 kHz at 16 kHz.
    const out = resampleClip(toneAt(10000, 24000, 1), 24000, 16000);
    expect(level(out, 16000, 6000)).toBeLessThan(100); // ≥ 40 dB down
  });

  it("upsamples too, and returns the same clip when the rates match", () => {
    const out = resampleClip(toneAt(300, 8000, 0.5), 8000, 16000);
    expect(out.length).toBe(8000);
    expect(level(out, 16000, 300)).toBeGreaterThan(9800);
    const same = toneAt(300, 16000, 0.1);
    expect(resampleClip(same, 16000, 16000)).toBe(same);
    expect(() => resampleClip(same, 0, 16000)).toThrow(RangeError);
  });
});
