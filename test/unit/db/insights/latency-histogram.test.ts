import { describe, expect, it } from "vitest";
import { rng } from "../../../../scripts/seed/prng";
import { LATENCY_BUCKET_ERROR, exactHistogram, latencyBucket, latencyBucketValue, stageFigures } from "../../../../worker/db/insights/latency-histogram";

/** Nearest rank over sorted values, written out plainly: the ceil(p·n/100)-th smallest. */
function nearestRank(values: number[], p: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}

describe("latency histogram", () => {
  it("exact histograms give the nearest rank", () => {
    expect(stageFigures(exactHistogram([]))).toEqual({ count: 0, p50: null, p95: null });
    expect(stageFigures(exactHistogram([400, 100, 300, 200]))).toEqual({ count: 4, p50: 200, p95: 400 });
    const random = rng(3);
    const values = Array.from({ length: 997 }, () => Math.round(50 + random() * 2000));
    expect(stageFigures(exactHistogram(values))).toEqual({ count: 997, p50: nearestRank(values, 50), p95: nearestRank(values, 95) });
  });

  it("bucketed percentiles are within 5.9 % (plus rounding) of the exact ones", () => {
    expect(LATENCY_BUCKET_ERROR).toBeCloseTo(0.0595, 3);
    const random = rng(11);
    for (let run = 0; run < 50; run++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 300) }, () => Math.round(1 + random() ** 2 * 20_000));
      const buckets = new Map<number, number>();
      for (const v of values) buckets.set(latencyBucket(v), (buckets.get(latencyBucket(v)) ?? 0) + 1);
      const figures = stageFigures([...buckets].map(([b, n]) => ({ value: latencyBucketValue(b), n })));
      expect(figures.count).toBe(values.length);
      for (const [p, got] of [[50, figures.p50], [95, figures.p95]] as const) {
        const exact = nearestRank(values, p)!;
        expect(Math.abs(got! - exact)).toBeLessThanOrEqual(exact * LATENCY_BUCKET_ERROR + 0.5);
      }
    }
  });

  it("buckets are six per octave", () => {
    expect(latencyBucket(1)).toBe(0);
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(2)).toBe(6);
    expect(latencyBucket(1024)).toBe(60);
    expect(latencyBucket(1023)).toBe(59);
    expect(latencyBucketValue(60)).toBe(Math.round(1024 * 2 ** (1 / 12)));
  });
});
