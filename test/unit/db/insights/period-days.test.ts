import { describe, expect, it } from "vitest";
import { DAY_MS, bucketGrid, bucketStart, periodDays } from "../../../../worker/db/insights/period-days";

const DAY = DAY_MS;
const HOUR = 3_600_000;
const inside = (ranges: readonly (readonly [number, number])[], x: number) => ranges.some(([a, b]) => x >= a && x < b);

describe("periodDays", () => {
  it("whole days from per-day sums, the partial days at both ends call by call", () => {
    const since = 100 * DAY + 5 * HOUR;
    const until = since + 7 * DAY;
    expect(periodDays(since, until)).toEqual({ days: [[101, 107]], calls: [[since, 101 * DAY], [107 * DAY, until]] });
    // A period starting at midnight has no partial first day.
    expect(periodDays(100 * DAY, 107 * DAY + 1)).toEqual({ days: [[100, 107]], calls: [[107 * DAY, 107 * DAY + 1]] });
    // Inside one day: no whole day, the period itself call by call.
    expect(periodDays(100 * DAY + HOUR, 100 * DAY + 2 * HOUR)).toEqual({ days: [], calls: [[100 * DAY + HOUR, 100 * DAY + 2 * HOUR]] });
  });

  it("covers every instant of the period exactly once", () => {
    for (const [offset, days] of [[5 * HOUR, 30], [13 * 60_000, 90], [23 * HOUR, 365], [0, 365], [HOUR, 1]] as const) {
      const since = 20_000 * DAY + offset;
      const until = since + days * DAY;
      const plan = periodDays(since, until);
      // Every instant is checked; the offenders are gathered and asserted once (an expect per instant
      // took seconds on a loaded machine).
      const wrong: { t: number; byDay: boolean; byCall: boolean }[] = [];
      for (let t = since - HOUR; t < until + HOUR; t += HOUR / 4) {
        const byDay = inside(plan.days, Math.floor(t / DAY));
        const byCall = inside(plan.calls, t);
        // Counted once inside the period, never outside it.
        if ((byDay && byCall) || (byDay || byCall) !== (t >= since && t < until)) wrong.push({ t, byDay, byCall });
      }
      expect(wrong).toEqual([]);
      // At most the two partial end days are read call by call.
      expect(plan.calls.reduce((n, [a, b]) => n + b - a, 0)).toBeLessThanOrEqual(2 * DAY);
    }
  });
});

describe("bucketGrid", () => {
  it("breaks only at UTC midnights, ends with until's day, and covers the period", () => {
    for (const [offset, days, bucketDays] of [[5 * HOUR, 30, 1], [13 * 60_000, 90, 7], [23 * HOUR, 365, 30], [0, 365, 30], [0, 7, 1]] as const) {
      const since = 20_000 * DAY + offset;
      const until = since + days * DAY;
      const grid = bucketGrid(since, until, bucketDays * DAY);
      expect(grid.origin % DAY).toBe(0);
      expect(grid.origin).toBeLessThanOrEqual(since);
      expect(grid.origin + grid.count * grid.width).toBe(Math.ceil(until / DAY) * DAY);
      // Every instant of the period falls in a bucket 0..count-1, and a whole day never straddles two.
      const wrong: number[] = [];
      for (let t = since; t < until; t += HOUR) {
        const i = Math.floor((t - grid.origin) / grid.width);
        const dayStart = Math.floor(t / DAY) * DAY;
        const split = Math.floor((dayStart - grid.origin) / grid.width) !== Math.floor((dayStart + DAY - 1 - grid.origin) / grid.width);
        if (i < 0 || i >= grid.count || split) wrong.push(t);
      }
      expect(wrong).toEqual([]);
      expect(bucketStart(grid, since, 0)).toBe(since);
      if (grid.count > 1) expect(bucketStart(grid, since, 1) % DAY).toBe(0);
    }
    // 30 days from mid-morning: 31 calendar days, the first and the last partial.
    expect(bucketGrid(20_000 * DAY + 5 * HOUR, 20_030 * DAY + 5 * HOUR, DAY).count).toBe(31);
    // From midnight to midnight: exactly 30.
    expect(bucketGrid(20_000 * DAY, 20_030 * DAY, DAY).count).toBe(30);
    expect(() => bucketGrid(0, DAY, HOUR)).toThrow(RangeError);
  });
});
