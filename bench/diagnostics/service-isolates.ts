// Miniflare's own services (the D1, R2 and KV simulators, its entry and asset router) run in isolates of
// local workerd beside the app, on the same thread; no deployment runs them there. The D1 simulator
// promotes some 50 KB of garbage per phone call into its old generation and collects none of it until
// its heap reaches V8's limit: after ~500 calls that is one ~140 ms pause on workerd's only thread, in
// whichever bench point happens to be running. collectServiceGarbage() collects those isolates (never
// the app's) through workerd's own inspector between points, so a point does not inherit the
// simulators' garbage of the points before it. Needs the dev worker started with an inspector port.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { z } from "zod";
import { openInspector } from "./inspector-session";
import { cpuSecondsByPid } from "./process-cpu";

/** Deadline of one inspector request (a collection of a few tens of MB takes well under a second). */
const INSPECTOR_TIMEOUT_MS = 10_000;
/** The app's own isolates ("core:user:<worker name>"): never touched here. */
const APP_ISOLATE = /^core:user:/;

const INSPECTOR_TARGETS = z.array(z.object({ id: z.string(), webSocketDebuggerUrl: z.string() }));
export type InspectorTarget = z.infer<typeof INSPECTOR_TARGETS>[number];

/** The listening sockets in a /proc/net/tcp table: socket inode → port. */
export function listeningSockets(procNetTcp: string): Map<string, number> {
  const ports = new Map<string, number>();
  for (const line of procNetTcp.split("\n").slice(1)) {
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
    const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
    const port = local?.split(":")[1];
    if (state === "0A" && port && inode) ports.set(inode, parseInt(port, 16)); // 0A: LISTEN
  }
  return ports;
}

/** The isolates of Miniflare's services among workerd's inspector targets: all but the app's. */
export function serviceTargets(targets: readonly InspectorTarget[]): InspectorTarget[] {
  return targets.filter((t) => !APP_ISOLATE.test(t.id));
}

/** The ports workerd processes started by this process listen on (its entry socket, its inspector…). */
function workerdPorts(): number[] {
  const listening = listeningSockets(readFileSync("/proc/net/tcp", "utf8"));
  const ports: number[] = [];
  for (const pid of cpuSecondsByPid("workerd").keys()) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // ended meanwhile
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const port = inode ? listening.get(inode) : undefined;
        if (port !== undefined) ports.push(port);
      } catch {
        // closed meanwhile
      }
    }
  }
  return ports;
}

/** workerd's inspector targets (one per isolate), found among its listening ports. */
async function inspectorTargets(): Promise<InspectorTarget[]> {
  for (const port of workerdPorts()) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(INSPECTOR_TIMEOUT_MS) });
      const targets = INSPECTOR_TARGETS.safeParse(await res.json());
      if (targets.success && targets.data.some((t) => APP_ISOLATE.test(t.id))) return targets.data;
    } catch {
      // not the inspector (the entry socket answers with the app's pages)
    }
  }
  throw new Error("workerd's inspector was not found: start the dev worker with an inspectorPort");
}

/**
 * Collects garbage in every isolate of Miniflare's services (not the app's); returns their names. A heap
 * snapshot is how: V8 collects all it can before taking one, while local workerd never answered the
 * inspector's HeapProfiler.collectGarbage here (with or without HeapProfiler.enable first).
 */
export async function collectServiceGarbage(): Promise<string[]> {
  const services = serviceTargets(await inspectorTargets());
  for (const t of services) {
    const session = await openInspector(t.webSocketDebuggerUrl, INSPECTOR_TIMEOUT_MS);
    try {
      await session.snapshot();
    } finally {
      session.close();
    }
  }
  return services.map((t) => t.id);
}
