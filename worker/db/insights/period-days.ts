// How a period [since, until) splits into whole UTC days, read from per-day sums (call_days,
// topic_days, latency_days), and the partial days at its ends, read call by call; and the chart's time
// buckets, whose boundaries are UTC midnights so no day's sum straddles two buckets. Pure.

export const DAY_MS = 86_400_000;

/** [from, to) half-open ranges: of day numbers (floor(ms / DAY_MS)) or of epoch ms. */
export type Range = readonly [number, number];

export interface PeriodDays {
  /** Whole days inside the period. */
  days: Range[];
  /** Start times (ms) whose calls are read one by one: the partial first and last days. */
  calls: Range[];
}

export function periodDays(since: number, until: number): PeriodDays {
  const firstDay = Math.ceil(since / DAY_MS);
  const endDay = Math.max(firstDay, Math.floor(until / DAY_MS));
  const calls: Range[] = [[since, Math.min(firstDay * DAY_MS, until)]];
  const last: Range = [Math.max(since, endDay * DAY_MS), until];
  if (last[1] > last[0] && last[0] < calls[0]![1]) calls[0] = [since, until];
  else calls.push(last);
  return { days: endDay > firstDay ? [[firstDay, endDay]] : [], calls: calls.filter(([a, b]) => b > a) };
}

/**
 * Time buckets of `width` (whole days) over [since, until): they end at the UTC midnight that ends
 * `until`'s day (or at `until` itself if it is a midnight), so every boundary is a midnight. Bucket i
 * covers [origin + i·width, origin + (i+1)·width) clipped to the period; the first one (from `since`)
 * and the last one (today) are usually partial.
 */
export interface BucketGrid {
  origin: number;
  width: number;
  count: number;
}

export function bucketGrid(since: number, until: number, width: number): BucketGrid {
  if (width <= 0 || width % DAY_MS !== 0) throw new RangeError(`bucket width must be whole days, got ${width} ms`);
  const end = Math.ceil(until / DAY_MS) * DAY_MS;
  const count = Math.max(1, Math.ceil((end - since) / width));
  return { origin: end - count * width, width, count };
}

/** The start of bucket i, clipped to the period's start. */
export function bucketStart(grid: BucketGrid, since: number, i: number): number {
  return Math.max(since, grid.origin + i * grid.width);
}
