import { describe, expect, it } from "vitest";
import { floatToPcm16, pcm16ToFloat, rmsLevel } from "../../../web/audio/pcm";

describe("floatToPcm16", () => {
  it("maps full scale to the int16 limits and zero to zero", () => {
    expect([...floatToPcm16(new Float32Array([0, 1, -1, 0.5, -0.5]))]).toEqual([0, 32767, -32768, 16384, -16384]);
  });

  it("clamps out-of-range samples and turns NaN into silence", () => {
    expect([...floatToPcm16(new Float32Array([2, -3, Number.NaN, Infinity, -Infinity]))]).toEqual([32767, -32768, 0, 32767, -32768]);
  });

  it("converts to floats and back with clipping", () => {
    expect(Array.from(pcm16ToFloat(Int16Array.from([-32768, 0, 16384])))).toEqual([-1, 0, 0.5]);
    expect(Array.from(floatToPcm16(Float32Array.from([-2, -1, 0, 0.5, 1, 3])))).toEqual([-32768, -32768, 0, 16384, 32767, 32767]);
  });

  it("survives a round trip through float within one step", () => {
    const pcm = new Int16Array([-32768, -12345, -1, 0, 1, 12345, 32767]);
    const back = floatToPcm16(pcm16ToFloat(pcm));
    pcm.forEach((v, i) => expect(Math.abs((back[i] ?? 0) - v)).toBeLessThanOrEqual(1));
  });
});

describe("rmsLevel", () => {
  it("is 0 for silence and empty input, 1 for a full-scale square wave", () => {
    expect(rmsLevel(new Float32Array(128))).toBe(0);
    expect(rmsLevel(new Float32Array(0))).toBe(0);
    expect(rmsLevel(new Float32Array([1, -1, 1, -1]))).toBe(1);
  });

  it("gives a sine wave its RMS of amplitude/√2", () => {
    const s = new Float32Array(1600);
    for (let i = 0; i < s.length; i++) s[i] = 0.5 * Math.sin((2 * Math.PI * i) / 16);
    expect(rmsLevel(s)).toBeCloseTo(0.5 / Math.SQRT2, 4);
  });
});
