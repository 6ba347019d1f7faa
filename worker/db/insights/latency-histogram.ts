// Percentiles of turn latency, one implementation for every figure (the AI health card and Insights,
// both through stage-latency.ts): nearest rank over a histogram of (value, count), read from log buckets
// kept per day by triggers (migrations/0004_insight_figures.sql), six per octave: bucket b holds [2^(b/6), 2^((b+1)/6)) ms and is reported as its geometric middle, so a
// bucketed p50 / p95 is within 2^(1/12) − 1 ≈ 5.9 % (plus 0.5 ms of rounding) of the exact nearest rank.
import type { StageFigures } from "../../../protocol/latency";

/** Buckets per doubling of latency; the SQL in migration 0004 and `latencyBucketSql` use the same. */
export const LATENCY_BUCKETS_PER_OCTAVE = 6;
/** Largest relative error of a bucketed percentile (before rounding to whole ms). */
export const LATENCY_BUCKET_ERROR = 2 ** (1 / (2 * LATENCY_BUCKETS_PER_OCTAVE)) - 1;

/** The bucket of `ms` (values below 1 ms share bucket 0), as the SQL computes it. */
export function latencyBucket(ms: number): number {
  return Math.floor(LATENCY_BUCKETS_PER_OCTAVE * Math.log2(Math.max(ms, 1)));
}

/** The value a bucket stands for: its geometric middle, in whole ms. */
export function latencyBucketValue(bucket: number): number {
  return Math.round(2 ** ((bucket + 0.5) / LATENCY_BUCKETS_PER_OCTAVE));
}

export interface HistogramBin {
  value: number;
  n: number;
}

/** count, p50 and p95 (nearest rank: the ceil(p·count/100)-th smallest) of a histogram in any order. */
export function stageFigures(bins: readonly HistogramBin[]): StageFigures {
  const sorted = bins.filter((b) => b.n > 0).sort((a, b) => a.value - b.value);
  const count = sorted.reduce((sum, b) => sum + b.n, 0);
  const rank = (p: number): number | null => {
    if (count === 0) return null;
    const wanted = Math.min(count, Math.max(1, Math.ceil((p / 100) * count)));
    let seen = 0;
    for (const bin of sorted) {
      seen += bin.n;
      if (seen >= wanted) return bin.value;
    }
    return null;
  };
  return { count, p50: rank(50), p95: rank(95) };
}

/** A histogram of exact values (the reference the bucketed figures are measured against). */
export function exactHistogram(values: readonly number[]): HistogramBin[] {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, n]) => ({ value, n }));
}
