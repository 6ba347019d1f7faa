import { describe, expect, it } from "vitest";
import { DAY_MS, periodDays } from "../../worker/db/period-days";

const DAY = DAY_MS;
const inside = (ranges: readonly (readonly [number, number])[], x: number) => ranges.some(([a, b]) => x >= a && x < b);

describe("periodDays", () => {
  it("whole days from per-day sums, the partial days at both ends call by call", () => {
    const since = 100 * DAY + 5 * 3_600_000;
    const until = since + 7 * DAY;
    expect(periodDays(since, until)).toEqual({ days: [[101, 107]], calls: [[since, 101 * DAY], [107 * DAY, until]] });
    // A period starting at midnight has no partial first day.
    expect(periodDays(100 * DAY, 107 * DAY + 1)).toEqual({ days: [[100, 107]], calls: [[107 * DAY, 107 * DAY + 1]] });
  });

  it("covers every instant of the period exactly once, and no day a bucket boundary cuts comes from the sums", () => {
    for (const [offset, days, bucketDays] of [[5 * 3_600_000, 30, 1], [13 * 60_000, 90, 7], [23 * 3_600_000, 365, 30], [0, 365, 30]] as const) {
      const since = 20_000 * DAY + offset;
      const until = since + days * DAY;
      const bucketMs = bucketDays * DAY;
      const plan = periodDays(since, until, bucketMs);
      // Every instant and day is checked; the offenders are gathered and asserted once (an expect
      // per instant made this test take seconds on a loaded machine).
      const counted: { t: number; byDay: boolean; byCall: boolean }[] = [];
      for (let t = since - 3_600_000; t < until + 3_600_000; t += 3_600_000 / 4) {
        const byDay = inside(plan.days, Math.floor(t / DAY));
        const byCall = inside(plan.calls, t);
        // Counted once inside the period, never outside it.
        if ((byDay && byCall) || (byDay || byCall) !== (t >= since && t < until)) counted.push({ t, byDay, byCall });
      }
      expect(counted).toEqual([]);
      const cut: number[] = [];
      for (const [a, b] of plan.days) {
        for (let d = a; d < b; d++) if (Math.floor((d * DAY - since) / bucketMs) !== Math.floor(((d + 1) * DAY - 1 - since) / bucketMs)) cut.push(d);
      }
      expect(cut).toEqual([]);
      // Per-day sums carry most of a long period.
      if (days === 365) expect(plan.days.reduce((n, [a, b]) => n + b - a, 0)).toBeGreaterThan(340);
    }
  });
});
