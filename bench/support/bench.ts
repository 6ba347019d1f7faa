// The tiny interface every bench/<name>.bench.ts module implements, and timing helpers.
// Targets hold across machines: a verdict (✓/✗) comes from a ratio to a reference measured in the
// same run, or from a capacity (or from audio time, which no machine changes). Absolute times from one
// machine are printed for information only, with the machine named (machineSummary).
import { cpus, loadavg } from "node:os";
import type { LocalApp } from "../../scripts/local-app";

/** One measured number. `target` makes run.ts print a ratio and a pass/fail mark. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** "max": value should be ≤ target (latencies); "min": value should be ≥ target (throughput). */
  target?: { kind: "max" | "min"; value: number };
}

export interface BenchContext {
  /** The whole app under `vite dev`, as `npm run dev` runs it (started once on first use, shared by every module). */
  app(): Promise<LocalApp>;
  /** The production build's Worker alone under `wrangler dev` (no Vite in front; no SPA), shared likewise. */
  worker(): Promise<LocalApp>;
  log(message: string): void;
}

export interface Bench {
  /** Short name, shown in the table and usable as a filter: `npm run bench -- calls-api`. */
  name: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

export function defineBench(bench: Bench): Bench {
  return bench;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/** The machine a run measures: CPU model, logical cores and load average when the run starts. */
export function machineSummary(): string {
  const cores = cpus();
  const models = [...new Set(cores.map((c) => c.model.trim()))].join(" + ") || "unknown CPU";
  const [l1, l5, l15] = loadavg().map((l) => l.toFixed(2));
  return `${models}; ${cores.length} cores; load average ${l1} / ${l5} / ${l15} (1 / 5 / 15 min); node ${process.version}`;
}

/**
 * `ours / reference`, both measured in the same run, as a figure whose verdict is `≤ maxRatio`: the
 * target that holds on any machine.
 */
export function ratioFigure(name: string, ours: number, reference: number, maxRatio: number): Figure {
  return { name, value: ours / reference, unit: "×", target: { kind: "max", value: maxRatio } };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length),
    max: s[s.length - 1] ?? Number.NaN,
  };
}

/** Runs `fn` `warmup` times unmeasured, then `iterations` times one after another; returns ms timings. */
export async function timeIt(fn: (i: number) => Promise<unknown>, opts: { warmup?: number; iterations: number }): Promise<Stats> {
  for (let i = 0; i < (opts.warmup ?? 10); i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < opts.iterations; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/** p50 and p95 figures for a latency, the p95 checked against `targetP95Ms` when given. */
export function latencyFigures(label: string, s: Stats, targetP95Ms?: number): Figure[] {
  return [
    { name: `${label} p50`, value: s.p50, unit: "ms" },
    { name: `${label} p95`, value: s.p95, unit: "ms", ...(targetP95Ms ? { target: { kind: "max" as const, value: targetP95Ms } } : {}) },
  ];
}

/** The Worker's own time from a `Server-Timing: total;dur=…` header (set on /api/* answers), or NaN. */
export function serverTimingMs(res: Response): number {
  const m = /(?:^|,)\s*total;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * Times `iterations` sequential GETs of `url`: as the client sees them, and inside the Worker
 * (Server-Timing). Throws on a non-2xx answer.
 */
export async function timeGets(
  urlFor: (i: number) => string,
  opts: { headers?: Record<string, string>; warmup?: number; iterations: number },
): Promise<{ client: Stats; worker: Stats }> {
  const worker: number[] = [];
  const get = async (i: number, record: boolean) => {
    const res = await fetch(urlFor(i), { headers: opts.headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${urlFor(i)}: HTTP ${res.status}`);
    if (record) worker.push(serverTimingMs(res));
  };
  for (let i = 0; i < (opts.warmup ?? 10); i++) await get(i, false);
  const client = await timeIt((i) => get(i, true), { warmup: 0, iterations: opts.iterations });
  return { client, worker: stats(worker.filter(Number.isFinite)) };
}
