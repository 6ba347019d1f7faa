// The VAD's rolling windows: the last `capacity` values with their minimum and maximum.
import { describe, expect, it } from "vitest";
import { rng } from "../../../../scripts/seed/prng";
import { RollingWindow } from "../../../../worker/pipeline/turns/rolling-window";

describe("RollingWindow", () => {
  it("holds the last `capacity` values and reads their extremes as a plain array would", () => {
    const w = new RollingWindow(5);
    expect([w.length, w.min(), w.max()]).toEqual([0, Infinity, -Infinity]);
    const all: number[] = [];
    const next = rng(7);
    for (let i = 0; i < 200; i++) {
      const v = -90 + Math.floor(next() * 8000) / 100;
      w.push(v);
      all.push(v);
      const last = all.slice(-5);
      expect(w.length).toBe(last.length);
      expect(w.min()).toBe(Math.min(...last));
      expect(w.max()).toBe(Math.max(...last));
    }
  });

  it("refuses a capacity that is not a whole number ≥ 1", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => new RollingWindow(bad)).toThrow(RangeError);
  });
});
