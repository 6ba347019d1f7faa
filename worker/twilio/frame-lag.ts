// How late a stream's frames arrive against their own media clock: each frame's (arrival − media
// timestamp), relative to the smallest seen (the stream's clock offset), in a histogram of 1 ms buckets
// (the last collects everything above). The stream's first second (while it is verified and attached)
// is the one-time start-up delay, kept apart as its largest value.

/** Frames of the stream's first second (20 ms frames): their lag is the start-up delay. */
const STARTUP_FRAMES = 50;
const LAG_BUCKETS = 1000;

/** The p-th percentile (0–100) of a lag histogram, in ms. */
export function lagPercentile(histogram: readonly number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}

export class FrameLag {
  readonly histogram = new Array<number>(LAG_BUCKETS).fill(0);
  /** Largest lag in the stream's first second. */
  startupMs = 0;
  private clockOffset = Infinity;

  /** A frame numbered `chunk` (from 1) with media timestamp `timestamp` arrived at `now` (both ms). */
  record(now: number, timestamp: number, chunk: number): void {
    const offset = now - timestamp;
    if (offset < this.clockOffset) this.clockOffset = offset;
    const lag = Math.min(LAG_BUCKETS - 1, Math.max(0, Math.round(offset - this.clockOffset)));
    if (chunk <= STARTUP_FRAMES) this.startupMs = Math.max(this.startupMs, lag);
    else this.histogram[lag]!++;
  }

  /** "lag p50 … ms, p99 … ms; start … ms": the close reason's lag part. */
  summary(): string {
    return `lag p50 ${lagPercentile(this.histogram, 50)} ms, p99 ${lagPercentile(this.histogram, 99)} ms; start ${this.startupMs} ms`;
  }
}
