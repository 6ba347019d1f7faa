// A V8 CPU profile of local workerd (the Worker and every Durable Object share its isolate), taken
// through its inspector with the Chrome DevTools Protocol: Profiler.start … Profiler.stop. The
// summary is self time per function (where the isolate's CPU went), heaviest first.
import { openInspector } from "./inspector-session";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A node of V8's sampling heap profile: bytes allocated by this function itself (sampled). */
export interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

export interface WorkerdProfiler {
  start(): Promise<void>;
  stop(): Promise<CpuProfile>;
  /**
   * Allocation sampling: with `collected`, objects collected since count too (what makes garbage);
   * without, only what is still alive when it stops (what stays).
   */
  startHeap(collected?: { major: boolean; minor: boolean }, samplingIntervalBytes?: number): Promise<void>;
  stopHeap(): Promise<HeapNode>;
  /** A heap snapshot (after a full collection: only what is alive), as V8's JSON text. */
  snapshot(): Promise<string>;
  close(): void;
}

/** Connects to the inspector wrangler opened on `port` (its first target: the user Worker). */
export async function connectProfiler(port: number, samplingIntervalUs = 250): Promise<WorkerdProfiler> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string; title?: string }[];
  const target = targets[0];
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const session = await openInspector(target.webSocketDebuggerUrl);
  const send = session.send;
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: samplingIntervalUs });
  return {
    start: async () => {
      await send("Profiler.start");
    },
    stop: async () => ((await send("Profiler.stop")) as { profile: CpuProfile }).profile,
    /** `collected`: also objects collected since, by major and/or minor collections. */
    startHeap: async (collected: { major: boolean; minor: boolean } = { major: true, minor: true }, samplingInterval = 4096) => {
      await send("HeapProfiler.enable");
      await send("HeapProfiler.startSampling", { samplingInterval, includeObjectsCollectedByMajorGC: collected.major, includeObjectsCollectedByMinorGC: collected.minor });
    },
    stopHeap: async () => ((await send("HeapProfiler.stopSampling")) as { profile: { head: HeapNode } }).profile.head,
    snapshot: session.snapshot,
    close: session.close,
  };
}

/** A function as the summaries name it: name, file (last two path parts) and line. */
function frameKey(f: CallFrame): string {
  return `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;
}

export interface SelfTime {
  fn: string;
  ms: number;
  share: number;
}

/** Self time per function (name, file and line), heaviest first. */
export function selfTimes(profile: CpuProfile): SelfTime[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const key = frameKey(byNode.get(id)!.callFrame);
    ms.set(key, (ms.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...ms].map(([fn, t]) => ({ fn, ms: t, share: t / total })).sort((a, b) => b.ms - a.ms);
}

/** Total time per function including callees (each sample counted once per function on its stack). */
export function totalTimes(profile: CpuProfile): SelfTime[] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    total += dt;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const key = frameKey(byNode.get(cur)!.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      ms.set(key, (ms.get(key) ?? 0) + dt);
    }
  });
  return [...ms].map(([fn, t]) => ({ fn, ms: t, share: t / total })).sort((a, b) => b.ms - a.ms);
}

/** Bytes allocated per function (self), largest first, from a sampling heap profile. */
export function allocations(head: HeapNode): { fn: string; bytes: number; share: number }[] {
  const bytes = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapNode) => {
    const key = frameKey(n.callFrame);
    bytes.set(key, (bytes.get(key) ?? 0) + n.selfSize);
    total += n.selfSize;
    for (const c of n.children) walk(c);
  };
  walk(head);
  return [...bytes].map(([fn, b]) => ({ fn, bytes: b, share: b / total })).sort((a, b) => b.bytes - a.bytes);
}
