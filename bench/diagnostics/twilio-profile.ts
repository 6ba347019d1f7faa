// Where workerd's CPU goes during simulated phone calls: starts the Worker with its V8 inspector, runs
// PROFILE_CALLS (25) listening or talking calls (the twilio-calls bench's simulator), takes a CPU profile
// of the steady state and prints self and total time per function, plus workerd's CPU per call.
// Usage: npx tsx bench/diagnostics/twilio-profile.ts [listening|talking|reference] [calls] [out.cpuprofile]
// reference: listening calls against the twilio-calls bench's reference (bench/reference-phone), the
// floor to hold a profile of ours against.
// PROFILE=0: no profile, only workerd's CPU over the same window (the profiler's own cost left out).
// PROFILE=heap: where the garbage comes from instead: bytes allocated per function (V8's sampling heap
// profiler, collected objects included), and workerd's own garbage-collection trace over the window.
// PROFILE=promoted: what survives young-generation collections and then dies in the old generation
// (the garbage that makes full collections): bytes per function, alive at the end or collected by a
// full collection, not those a young-generation collection took (what is still young, not yet
// scavenged, when the window ends counts as alive: the shares lean toward what allocates most).
// PROFILE=live: what is still alive at the end of the window, by the function that allocated it.
// PROFILE=snapshot: a heap snapshot at the end of the window: what is alive, by kind of object
// (SNAPSHOT_OUT=file also keeps the whole snapshot, for DevTools).
// PROFILE=wrappers: the runtime's own objects made over the window (each one V8 hands a wrapper), by
// what made them: a perf uprobe in workerd (bench/diagnostics/wrapper-census.ts; Linux, perf, root). It
// counts every isolate of the process (Miniflare's D1 simulator names database.worker.js), and the
// probe's traps slow workerd: its CPU figure in this mode does not compare with the others.
// WORKER_LOG=file: every line workerd logs, after the time it arrived (as in the twilio-calls bench).
import { appendFileSync, cpSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { REFERENCE_PHONE_CONFIG, startDevWorker } from "../support/dev-worker";
import { cpuSecondsBetween, cpuSecondsByPid } from "./process-cpu";
import type { TwilioThreadInput, TwilioThreadMessage } from "../support/twilio-call-thread";
import { parseGcLine, summarizeGc, traceWorkerdGc, type GcPause } from "./workerd-gc";
import { heapGroups } from "./heap-snapshot";
import { longTasks } from "./long-tasks";
import { recordWrapperCensus } from "./wrapper-census";
import { allocations, connectProfiler, type HeapNode, selfTimes, totalTimes } from "./workerd-profile";

const kind = process.argv[2] ?? "listening";
const calls = Number(process.argv[3] ?? 25);
const out = process.argv[4];
const AUTH_TOKEN = "bench-twilio-auth-token";
const PORT = 9300 + Math.floor(Math.random() * 500);
const SPEECH_WAV = join(import.meta.dirname, "../test/fixtures/speech-hello.wav");

function runCalls(baseURL: string, n: number, speechWav: string | null, callSeconds: number): Promise<unknown> {
  const indices = Array.from({ length: n }, (_, i) => i);
  const half = Math.ceil(n / 2);
  return Promise.all(
    [indices.slice(0, half), indices.slice(half)]
      .filter((p) => p.length)
      .map(
        (part) =>
          new Promise((resolve, reject) => {
            const input: TwilioThreadInput = { baseURL, authToken: AUTH_TOKEN, indices: part, totalCalls: n, ringInMs: n * 100, callSeconds, speechWav };
            const t = new Worker(new URL("./support/twilio-call-thread.ts", import.meta.url), { workerData: input });
            t.on("message", (m: TwilioThreadMessage) => {
              void t.terminate();
              resolve(m);
            });
            t.on("error", reject);
          }),
      ),
  );
}

/** cpu (default), 0 (no profile), heap (what makes garbage), promoted (what reaches the old generation), live (what stays), snapshot or wrappers (the runtime's objects). */
const mode = process.env.PROFILE ?? "cpu";
const heap = mode === "heap" || mode === "live" || mode === "promoted";
const cpuProfile = !heap && mode !== "0" && mode !== "snapshot" && mode !== "wrappers";
// The census names JavaScript callers from V8's perf map (/tmp/perf-<pid>.map: JIT code has no symbols).
if (mode === "wrappers") process.env.MINIFLARE_WORKERD_V8_FLAGS = [process.env.MINIFLARE_WORKERD_V8_FLAGS, "--perf-basic-prof"].filter(Boolean).join(" ");
/** workerd's collections while the profile runs (heap modes), with the isolate each ran in. */
const collections: { pause: GcPause; line: string }[] = [];
const untrace = heap ? traceWorkerdGc() : () => {};
const worker = await startDevWorker({
  configPath: kind === "reference" ? REFERENCE_PHONE_CONFIG : undefined,
  vars: { TWILIO_AUTH_TOKEN: AUTH_TOKEN },
  inspectorPort: PORT,
  onLog: (line) => {
    if (process.env.WORKER_LOG) appendFileSync(process.env.WORKER_LOG, `${Date.now()} ${line}\n`);
    const pause = parseGcLine(line, Date.now());
    if (pause) collections.push({ pause, line: line.trim() });
  },
}).finally(untrace);

/** Bytes allocated per function (heap: per second, garbage included; live: what is still alive). */
function printAllocations(head: HeapNode, seconds: number): void {
  const all = allocations(head);
  const total = all.reduce((a, x) => a + x.bytes, 0);
  if (mode === "live") {
    console.log(`alive at the end (sampled, allocated in the window): ${(total / 1e6).toFixed(2)} MB`);
    for (const a of all.slice(0, 30)) console.log(`${(a.bytes / 1e3).toFixed(1).padStart(9)} kB ${(a.share * 100).toFixed(1).padStart(5)} %  ${a.fn}`);
    return;
  }
  console.log(`allocated ${(total / seconds / 1e6).toFixed(2)} MB/s (${(total / seconds / calls / 50) | 0} bytes per call per frame time)`);
  for (const a of all.slice(0, 40)) console.log(`${(a.bytes / seconds / 1e3).toFixed(1).padStart(9)} kB/s ${(a.share * 100).toFixed(1).padStart(5)} %  ${a.fn}`);
}

/** Collections since `from`, in all and per isolate (workerd runs Miniflare's own services in isolates of their own). */
function printCollections(from: number): void {
  const inWindow = collections.filter((c) => c.pause.at >= from);
  console.log("gc:", JSON.stringify(summarizeGc(inWindow.map((c) => c.pause), from, Date.now())));
  const byIsolate = new Map<string, typeof inWindow>();
  for (const c of inWindow) {
    const id = c.pause.isolate || "?";
    byIsolate.set(id, [...(byIsolate.get(id) ?? []), c]);
  }
  for (const [id, list] of byIsolate) {
    const ms = list.map((c) => c.pause.ms);
    console.log(`isolate ${id}: ${list.length} collections, longest ${Math.max(...ms).toFixed(1)} ms, total ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms; last: ${list.at(-1)!.line.slice(0, 160)}`);
  }
}

try {
  await runCalls(worker.directURL, 1, SPEECH_WAV, 4);
  const profiler = await connectProfiler(PORT);
  const speech = kind === "talking" ? SPEECH_WAV : null;
  const callSeconds = (calls * 100) / 1000 + 18;
  const running = runCalls(worker.directURL, calls, speech, callSeconds);
  // Steady state: every call has rung (and a talking caller has spoken) before the profile starts.
  // Listening: after the greetings have played. Talking: while the callers speak and hear the replies.
  // PROFILE_WINDOW=ring: the ring-in instead (calls answering while the first ones stream).
  const ringIn = process.env.PROFILE_WINDOW === "ring";
  await new Promise((r) => setTimeout(r, ringIn ? 1000 : calls * 100 + (speech ? 1000 : 7000)));
  const cpu0 = cpuSecondsByPid("workerd");
  const t0 = Date.now();
  console.log("window starts"); // (for an outside profiler: perf record from here)
  if (heap) await profiler.startHeap({ major: mode !== "live", minor: mode === "heap" });
  else if (cpuProfile) await profiler.start();
  const windowMs = ringIn ? calls * 100 - 1000 : Number(process.env.PROFILE_SECONDS ?? 8) * 1000;
  const busiest = [...cpu0].sort((a, b) => b[1] - a[1])[0]?.[0];
  const wrappers = mode === "wrappers" && busiest !== undefined ? recordWrapperCensus(busiest, windowMs / 1000) : null;
  void wrappers?.catch(() => undefined); // (awaited after the window: a failure to probe is reported there, not as an unhandled rejection now)
  await new Promise((r) => setTimeout(r, windowMs));
  const head = heap ? await profiler.stopHeap() : null;
  const rawSnapshot = mode === "snapshot" ? await profiler.snapshot() : null;
  if (rawSnapshot && process.env.SNAPSHOT_OUT) writeFileSync(process.env.SNAPSHOT_OUT, rawSnapshot);
  const snapshot = rawSnapshot ? heapGroups(rawSnapshot) : null;
  const profile = cpuProfile ? await profiler.stop() : null;
  const seconds = (Date.now() - t0) / 1000;
  const cpu = cpuSecondsBetween(cpu0, cpuSecondsByPid("workerd"))[0] ?? 0;
  console.log(`${kind}, ${calls} calls: workerd ${((cpu / seconds) * 100).toFixed(1)} % of a core, ${((cpu / seconds / calls) * 100).toFixed(3)} % per call`);
  if (snapshot) {
    console.log(`heap snapshot: ${(snapshot.total / 1e6).toFixed(1)} MB in ${snapshot.nodes} objects`);
    for (const g of snapshot.groups.slice(0, 30)) console.log(`${(g.bytes / 1e3).toFixed(0).padStart(8)} kB ${String(g.count).padStart(8)}  ${g.kind}`);
  }
  if (wrappers) {
    const { total, lines } = await wrappers;
    console.log(`runtime objects given a wrapper: ${total} (${(total / seconds).toFixed(0)} a second, ${(total / seconds / calls / 50).toFixed(2)} per call per frame time)`);
    for (const l of lines.slice(0, 25)) console.log(`${String(l.count).padStart(8)} ${(l.share * 100).toFixed(1).padStart(5)} %  ${l.source}`);
  }
  if (head) {
    printAllocations(head, seconds);
    printCollections(t0);
  }
  if (profile) {
    if (out) {
      writeFileSync(out, JSON.stringify(profile));
      // The bundle the profile's line numbers refer to (where wrangler left it: not with BENCH_STATE in memory).
      if (existsSync(".wrangler/tmp")) cpSync(".wrangler/tmp", `${out}.bundle`, { recursive: true });
    }
    console.log("long tasks (≥ 25 ms, ms since the profile started):");
    for (const t of longTasks(profile, 25)) console.log(`${t.at.toFixed(0).padStart(7)} ms: ${t.ms.toFixed(0)} ms  ${t.causes.slice(0, 6).map((c) => `${c.fn} ${c.ms.toFixed(0)}`).join(", ")}`);
    console.log("self time:");
    for (const s of selfTimes(profile).slice(0, 40)) console.log(`${s.ms.toFixed(0).padStart(7)} ms ${(s.share * 100).toFixed(1).padStart(5)} %  ${s.fn}`);
    console.log("total time:");
    for (const s of totalTimes(profile).slice(0, 50)) console.log(`${s.ms.toFixed(0).padStart(7)} ms ${(s.share * 100).toFixed(1).padStart(5)} %  ${s.fn}`);
  }
  profiler.close();
  await running;
} finally {
  await worker.stop();
}
