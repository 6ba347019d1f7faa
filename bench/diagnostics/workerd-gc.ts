// Garbage-collection pauses inside local workerd, from V8's own trace: a bench that starts workerd with
// `--trace-gc` (MINIFLARE_WORKERD_V8_FLAGS, read by Miniflare when it spawns workerd) gets one log line
// per collection, e.g.
//   [22274:0x32d53fc7a000]     9875 ms: Mark-Compact 49.1 (64.9) -> 14.6 (64.9) MB, pooled: 0.0 MB, 25.69 / 0.00 ms (…)
// workerd runs the Worker and every Durable Object on one thread, so each pause holds up every call.
// V8 prints those lines through C stdio, which a pipe makes block-buffered: they would reach the bench
// in 4 KB bursts, seconds late (a quiet process's last ones only when it exits), and be counted in the
// wrong run or not at all. So workerd is started with its stdout line-buffered (coreutils' stdbuf
// library, preloaded): each line arrives as the collection ends. Without that library the bench says
// its GC counts may lag.
// workerd also runs Miniflare's own services (the D1 and R2 simulators, the entry worker) in isolates of
// their own on that thread: their pauses hold up the calls too, but no deployment has them (D1 runs
// elsewhere). Each line names its isolate, so a run's summary tells the app's isolate from the others:
// it is the one with the largest heap (it holds every call; Miniflare's services collect more often, in
// small heaps).

import { existsSync } from "node:fs";

export type GcKind = "full" | "young";

export interface GcPause {
  /** When the line reached the bench (Date.now()): enough to tell which scenario it belongs to. */
  at: number;
  kind: GcKind;
  ms: number;
  /** The isolate that collected (V8's address for it, e.g. "0x32d53fc7a000"; "" when the line has none). */
  isolate: string;
  /** Its heap before the collection, MB. */
  heapMb: number;
}

const LINE = /ms: (Mark-Compact|Mark-sweep|Scavenge|Minor Mark-Sweep)\b[^\d]*([\d.]+).*? MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;
const ISOLATE = /^\s*\[\d+:(0x[0-9a-f]+)[\]:]/;

/** The pause in one `--trace-gc` line, or null for any other log line. */
export function parseGcLine(line: string, at: number): GcPause | null {
  const m = LINE.exec(line);
  if (!m) return null;
  return {
    at,
    kind: m[1] === "Scavenge" || m[1] === "Minor Mark-Sweep" ? "young" : "full",
    ms: Number(m[3]),
    isolate: ISOLATE.exec(line)?.[1] ?? "",
    heapMb: Number(m[2]),
  };
}

/** Where Debian and other distributions keep coreutils' stdbuf library (what `stdbuf -oL` preloads). */
const STDBUF_LIBRARIES = ["/usr/libexec/coreutils/libstdbuf.so", "/usr/lib/coreutils/libstdbuf.so", "/usr/local/libexec/coreutils/libstdbuf.so"];

/** The environment that makes a process's stdout and stderr line-buffered, or null without stdbuf. */
export function lineBufferedEnv(env: NodeJS.ProcessEnv, libraries: readonly string[] = STDBUF_LIBRARIES): Record<string, string> | null {
  const library = libraries.find((path) => existsSync(path));
  if (!library) return null;
  return { LD_PRELOAD: [env.LD_PRELOAD, library].filter(Boolean).join(" "), _STDBUF_O: "L", _STDBUF_E: "L" };
}

/**
 * Sets the V8 flag, and line-buffered output, for workerd processes started from now on (Miniflare
 * passes its environment on); returns a function that undoes it. `warn` hears when lines may lag.
 */
export function traceWorkerdGc(warn: (message: string) => void = console.warn): () => void {
  const changes: Record<string, string> = { MINIFLARE_WORKERD_V8_FLAGS: [process.env.MINIFLARE_WORKERD_V8_FLAGS, "--trace-gc"].filter(Boolean).join(" ") };
  const lineBuffered = lineBufferedEnv(process.env);
  if (lineBuffered) Object.assign(changes, lineBuffered);
  else warn("workerd gc trace: coreutils' libstdbuf not found, so workerd's GC lines arrive in bursts and the GC counts per run may lag");
  const before = Object.fromEntries(Object.keys(changes).map((name) => [name, process.env[name]]));
  Object.assign(process.env, changes);
  return () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** A pause this long holds every call's frames past the bench's 20 ms lag line on its own. */
export const LONG_PAUSE_MS = 20;

export interface GcCounts {
  /** Pauses of either kind of at least LONG_PAUSE_MS. */
  longCount: number;
  fullCount: number;
  fullMaxMs: number;
  fullTotalMs: number;
  youngCount: number;
  youngMaxMs: number;
  youngTotalMs: number;
}

/** Every pause of a run, and (`elsewhere`) those of workerd's isolates other than the app's. */
export interface GcSummary extends GcCounts {
  elsewhere: GcCounts;
}

function counts(pauses: readonly GcPause[]): GcCounts {
  const of = (kind: GcKind) => pauses.filter((p) => p.kind === kind).map((p) => p.ms);
  const full = of("full");
  const young = of("young");
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    longCount: pauses.filter((p) => p.ms >= LONG_PAUSE_MS).length,
    fullCount: full.length,
    fullMaxMs: Math.max(0, ...full),
    fullTotalMs: sum(full),
    youngCount: young.length,
    youngMaxMs: Math.max(0, ...young),
    youngTotalMs: sum(young),
  };
}

/** The isolate with the largest heap among `pauses` (the app's, in a run of calls). */
export function largestIsolate(pauses: readonly GcPause[]): string | null {
  let largest: GcPause | null = null;
  for (const p of pauses) if (largest === null || p.heapMb > largest.heapMb) largest = p;
  return largest?.isolate ?? null;
}

/**
 * Pauses between `from` and `to` (Date.now() values), by kind; `elsewhere`, those outside the app's
 * isolate: the largest heap seen up to `to` (from the start the app's holds its bundle, ~12 MB; a
 * service's heap can grow past a small run's app heap before its own full collection, not past that).
 */
export function summarizeGc(pauses: readonly GcPause[], from: number, to: number): GcSummary {
  const inRun = pauses.filter((p) => p.at >= from && p.at <= to);
  const app = largestIsolate(pauses.filter((p) => p.at <= to));
  return { ...counts(inRun), elsewhere: counts(inRun.filter((p) => p.isolate !== app)) };
}
