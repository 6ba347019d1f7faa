// Garbage-collection pauses inside local workerd, from V8's own trace: a bench that starts workerd with
// `--trace-gc` (MINIFLARE_WORKERD_V8_FLAGS, read by Miniflare when it spawns workerd) gets one log line
// per collection, e.g.
//   [22274:0x32d53fc7a000]     9875 ms: Mark-Compact 49.1 (64.9) -> 14.6 (64.9) MB, pooled: 0.0 MB, 25.69 / 0.00 ms (…)
// workerd runs the Worker and every Durable Object on one thread, so each pause holds up every call.

export type GcKind = "full" | "young";

export interface GcPause {
  /** When the line reached the bench (Date.now()): enough to tell which scenario it belongs to. */
  at: number;
  kind: GcKind;
  ms: number;
}

const LINE = /ms: (Mark-Compact|Mark-sweep|Scavenge|Minor Mark-Sweep)\b.*? MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;

/** The pause in one `--trace-gc` line, or null for any other log line. */
export function parseGcLine(line: string, at: number): GcPause | null {
  const m = LINE.exec(line);
  if (!m) return null;
  return { at, kind: m[1] === "Scavenge" || m[1] === "Minor Mark-Sweep" ? "young" : "full", ms: Number(m[2]) };
}

/** Sets the V8 flag for workerd processes started from now on; returns a function that undoes it. */
export function traceWorkerdGc(): () => void {
  const name = "MINIFLARE_WORKERD_V8_FLAGS";
  const before = process.env[name];
  process.env[name] = [before, "--trace-gc"].filter(Boolean).join(" ");
  return () => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  };
}

export interface GcSummary {
  fullCount: number;
  fullMaxMs: number;
  fullTotalMs: number;
  youngCount: number;
  youngMaxMs: number;
  youngTotalMs: number;
}

/** Pauses between `from` and `to` (Date.now() values), by kind. */
export function summarizeGc(pauses: readonly GcPause[], from: number, to: number): GcSummary {
  const inRun = pauses.filter((p) => p.at >= from && p.at <= to);
  const of = (kind: GcKind) => inRun.filter((p) => p.kind === kind).map((p) => p.ms);
  const full = of("full");
  const young = of("young");
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    fullCount: full.length,
    fullMaxMs: Math.max(0, ...full),
    fullTotalMs: sum(full),
    youngCount: young.length,
    youngMaxMs: Math.max(0, ...young),
    youngTotalMs: sum(young),
  };
}
