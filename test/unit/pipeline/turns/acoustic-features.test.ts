import { describe, expect, it } from "vitest";
import { levelDb } from "../../../../worker/audio/level";
import { emphasizedLevelDb } from "../../../../worker/pipeline/turns/acoustic-features";

/** Reference: the pre-emphasised frame written out as PCM16 (rounded, saturated), then its level. */
function referenceLevel(frame: Int16Array, before: number, k = 0.95): number {
  const out = new Int16Array(frame.length);
  let prev = before;
  for (let i = 0; i < frame.length; i++) {
    out[i] = Math.max(-32768, Math.min(32767, Math.round(frame[i]! - k * prev)));
    prev = frame[i]!;
  }
  return levelDb(out);
}

describe("emphasizedLevelDb", () => {
  it("equals the level of the pre-emphasised PCM16 frame, including saturation and rounding", () => {
    const tone = Int16Array.from({ length: 320 }, (_, i) => Math.round(8000 * Math.sin(i / 3)));
    const square = Int16Array.from({ length: 320 }, (_, i) => (i % 2 ? 32767 : -32768)); // saturates both ways
    const noise = Int16Array.from({ length: 320 }, (_, i) => ((i * 7919) % 201) - 100);
    for (const [frame, before] of [[tone, 0], [square, 32767], [noise, -5], [new Int16Array(320), 0]] as const) {
      expect(emphasizedLevelDb(frame, before)).toBe(referenceLevel(frame, before));
    }
    expect(emphasizedLevelDb(tone, 0, 0.5)).toBe(referenceLevel(tone, 0, 0.5));
  });

  it("removes a constant offset (DC), which plain level counts", () => {
    const dc = new Int16Array(320).fill(10000);
    expect(levelDb(dc)).toBeGreaterThan(-11);
    expect(emphasizedLevelDb(dc, 10000)).toBeLessThan(levelDb(dc) - 20);
    expect(emphasizedLevelDb(new Int16Array(0), 0)).toBe(-100);
  });
});
