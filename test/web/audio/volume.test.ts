import { describe, expect, it } from "vitest";
import { clampVolume, DEFAULT_VOLUME, volumeToGain } from "../../../web/audio/volume";

describe("volume slider → gain", () => {
  it("defaults to 80 (spec §9)", () => {
    expect(DEFAULT_VOLUME).toBe(80);
  });

  it("is silent at 0 and unity at 100", () => {
    expect(volumeToGain(0)).toBe(0);
    expect(volumeToGain(100)).toBe(1);
  });

  it("follows a square-law curve in between and only ever rises", () => {
    expect(volumeToGain(50)).toBeCloseTo(0.25);
    expect(volumeToGain(80)).toBeCloseTo(0.64);
    let prev = -1;
    for (let v = 0; v <= 100; v++) {
      const g = volumeToGain(v);
      expect(g).toBeGreaterThan(prev);
      prev = g;
    }
  });

  it("clamps values outside 0–100 and ignores non-numbers", () => {
    expect(volumeToGain(-20)).toBe(0);
    expect(volumeToGain(250)).toBe(1);
    expect(clampVolume(42.6)).toBe(43);
    expect(clampVolume(Number.NaN)).toBe(DEFAULT_VOLUME);
  });
});
