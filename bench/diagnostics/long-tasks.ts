// Long synchronous blocks in a V8 CPU profile (bench/diagnostics/workerd-profile.ts): runs of consecutive
// samples in which the isolate was busy (any stack but "(idle)"/"(program)"/"(root)"), with the
// functions each block spent its time in — what held the thread every call shares, and why.
import type { CpuProfile } from "./workerd-profile";

export interface LongTask {
  /** Start, ms since the profile's start. */
  at: number;
  ms: number;
  /** Functions on the block's stacks with the time they were on them (inclusive), heaviest first. */
  causes: Array<{ fn: string; ms: number }>;
}

const IDLE = new Set(["(idle)", "(program)", "(root)"]);

/** Blocks of at least `minMs`; any idle sample ends a block. */
export function longTasks(profile: CpuProfile, minMs = 15): LongTask[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const f = byNode.get(id)!.callFrame;
    const file = f.url.split("/").slice(-2).join("/");
    return file ? `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}` : f.functionName;
  };
  const tasks: LongTask[] = [];
  let t = 0;
  let open: { start: number; end: number; fns: Map<string, number> } | null = null;
  const close = () => {
    if (open && open.end - open.start >= minMs * 1000) {
      const causes = [...open.fns].map(([fn, us]) => ({ fn, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
      tasks.push({ at: open.start / 1000, ms: (open.end - open.start) / 1000, causes });
    }
    open = null;
  };
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const busy = !IDLE.has(byNode.get(id)!.callFrame.functionName);
    if (busy) {
      open ??= { start: t, end: t, fns: new Map() };
      open.end = t + dt;
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const fn = label(cur);
        if (IDLE.has(fn) || seen.has(fn)) continue;
        seen.add(fn);
        open.fns.set(fn, (open.fns.get(fn) ?? 0) + dt);
      }
    }
    else close();
    t += dt;
  });
  close();
  return tasks;
}
