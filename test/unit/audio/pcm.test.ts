import { describe, expect, it } from "vitest";
import { concatPcm, dbfs, splitFrames } from "../../../worker/audio/pcm";

describe("framing and levels", () => {
  it("concatenates and frames", () => {
    const all = concatPcm([Int16Array.from([1, 2]), new Int16Array(0), Int16Array.from([3])]);
    expect(Array.from(all)).toEqual([1, 2, 3]);
    expect(splitFrames(Int16Array.from([1, 2, 3, 4, 5]), 2).map((f) => Array.from(f))).toEqual([[1, 2], [3, 4], [5]]);
    expect(() => splitFrames(all, 0)).toThrow(RangeError);
  });

  it("measures level in dBFS", () => {
    expect(dbfs(new Int16Array(320))).toBe(-100);
    const full = new Int16Array(320).fill(32767);
    expect(dbfs(full)).toBeCloseTo(0, 1);
    expect(dbfs(new Int16Array(320).fill(3277))).toBeCloseTo(-20, 0);
  });
});
