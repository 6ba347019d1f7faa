// How a period [since, until) splits into whole UTC days, read from per-day sums (call_days,
// topic_days, latency_days), and the stretches read call by call: the partial days at its ends and,
// for per-bucket figures, the days a bucket boundary cuts in two. Pure.

export const DAY_MS = 86_400_000;

/** [from, to) half-open ranges: of day numbers (floor(ms / DAY_MS)) or of epoch ms. */
export type Range = readonly [number, number];

export interface PeriodDays {
  /** Whole days inside the period that no bucket boundary cuts. */
  days: Range[];
  /** Start times (ms) whose calls are read one by one. */
  calls: Range[];
}

function merge(ranges: Range[]): Range[] {
  const out: Array<[number, number]> = [];
  for (const [from, to] of [...ranges].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/**
 * The split of [since, until); with `bucketMs`, a day that holds a bucket boundary (since + k·bucketMs,
 * not at midnight) is read call by call, so each per-day sum falls in a single bucket.
 */
export function periodDays(since: number, until: number, bucketMs?: number): PeriodDays {
  const firstDay = Math.ceil(since / DAY_MS);
  const endDay = Math.max(firstDay, Math.floor(until / DAY_MS));
  const cut = new Set<number>();
  if (bucketMs) {
    for (let b = since + bucketMs; b < until; b += bucketMs) if (b % DAY_MS !== 0) cut.add(Math.floor(b / DAY_MS));
  }
  const days: Range[] = [];
  let from = firstDay;
  for (const d of [...cut].filter((d) => d >= firstDay && d < endDay).sort((a, b) => a - b)) {
    days.push([from, d]);
    from = d + 1;
  }
  days.push([from, endDay]);
  const calls: Range[] = [
    [since, Math.min(firstDay * DAY_MS, until)],
    [Math.max(since, endDay * DAY_MS), until],
    ...[...cut].map((d): Range => [Math.max(since, d * DAY_MS), Math.min(until, (d + 1) * DAY_MS)]),
  ];
  return { days: merge(days), calls: merge(calls) };
}
