// The microphone downsampler (web/audio/downsample.ts): lengths, pitch, continuity across buffers.
import { describe, expect, it } from "vitest";
import { Downsampler } from "../../../web/audio/downsample";

const sine = (hz: number, rate: number, seconds: number) => Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));

function zeroCrossings(x: Float32Array): number {
  let n = 0;
  for (let i = 1; i < x.length; i++) if ((x[i - 1]! < 0) !== (x[i]! < 0)) n++;
  return n;
}

describe("Downsampler", () => {
  it("48 → 16 kHz: a third as many samples, the same pitch and level", () => {
    const out = new Downsampler(48_000, 16_000).push(sine(440, 48_000, 1));
    expect(out.length).toBe(16_000);
    expect(zeroCrossings(out)).toBeGreaterThanOrEqual(878);
    expect(zeroCrossings(out)).toBeLessThanOrEqual(881);
    const peak = out.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.49);
    expect(peak).toBeLessThanOrEqual(0.5);
  });

  it("44.1 → 16 kHz (not a whole ratio): the right length and pitch", () => {
    const out = new Downsampler(44_100, 16_000).push(sine(300, 44_100, 2));
    expect(Math.abs(out.length - 32_000)).toBeLessThanOrEqual(1);
    expect(Math.abs(zeroCrossings(out) - 1200)).toBeLessThanOrEqual(2);
  });

  it("gives the same samples however the input is cut into buffers", () => {
    const input = sine(523, 44_100, 0.5);
    const whole = new Downsampler(44_100, 16_000).push(input);
    const chunked = new Downsampler(44_100, 16_000);
    const parts: number[] = [];
    for (let at = 0, size = 1; at < input.length; at += size, size = (size * 7 + 3) % 4096 || 1) parts.push(...chunked.push(input.subarray(at, at + size)));
    expect(parts.length).toBe(whole.length);
    for (let i = 0; i < whole.length; i++) expect(parts[i]).toBeCloseTo(whole[i]!, 6);
  });

  it("keeps what is above the new Nyquist mostly out (a 12 kHz tone is damped)", () => {
    const out = new Downsampler(48_000, 16_000).push(sine(12_000, 48_000, 0.1));
    const peak = out.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeLessThan(0.2);
  });

  it("refuses a rate it cannot go down to", () => {
    expect(() => new Downsampler(16_000, 16_000)).toThrow(/cannot downsample/);
  });
});
