// Phone-call capacity: simulated phone calls at real-time pace against the Worker in local workerd
// (Worker, Durable Objects and D1 exactly as deployed, offline AI provider), at 25 / 50 / 75 / 100 / 150
// calls at once. Each call rings /twilio/voice, opens its signed media stream on the per-call URL the
// TwiML names (/twilio/media/{callId}: the Worker checks the signature and hands the upgrade to the
// call's Durable Object, no relay), streams 20 ms μ-law frames and hangs up. Calls ring in at 10 a
// second; each lasts until every call of the run has streamed together for OVERLAP_S (10 s), so a
// 150-call run rings for 15 s and its calls last 25 s. Two curves: callers who only listen (media
// path and voice-activity detection under load), then callers who each say one sentence (the pipeline
// also transcribes it and synthesizes a spoken reply, paced back as μ-law).
// How: the Worker runs through wrangler's dev API and the calls connect straight to workerd's socket
// (bench/support/dev-worker.ts; `wrangler dev`'s public port adds a proxy worker relaying every frame,
// a hop no deployment has). Its D1 and Durable Object storage live in memory (/dev/shm) unless
// BENCH_STATE=disk: local SQLite's fsyncs on the shared thread are the VM disk's, not the app's
// (benchStateRoot in dev-worker.ts). The simulated calls run on TWILIO_BENCH_THREADS (2) Node worker threads
// (bench/support/twilio-call-thread.ts) so the simulator's own timers don't queue up.
// Per run:
//  - frame lag: how late each frame reached the call's session relative to its media timestamp, p99 per
//    call as the server reports it in the stream's close reason (the median call and the worst call),
//    once the stream runs (its first second, while the stream token is checked, is the start delay);
//  - failed upgrades: media stream upgrades refused or never answered; other failed calls apart;
//  - workerd CPU per call: the busiest of this run's own workerd processes (not another user's on a
//    shared machine), its CPU over the run, per call, in % of one core
//    (workerd runs the Worker and every Durable Object on one thread);
//  - dropped frames, protocol violations, replies, V8 garbage-collection pauses in workerd (all of its
//    isolates share the thread; those of Miniflare's own services, such as the D1 simulator, which no
//    deployment runs beside the app, are also counted apart: bench/diagnostics/workerd-gc.ts).
// Before each point the service isolates' garbage is collected (never the app's): the D1 simulator keeps
// ~50 KB per call until one ~140 ms collection after some 500 calls, which would otherwise land in
// whichever point runs then (bench/diagnostics/service-isolates.ts); the app keeps its heap from point to point.
// Capacity: the largest call count at which p99 ≤ 20 ms and 0 failed upgrades held, at it and every
// smaller count — once for the median call and once for every call (the worst). Target: ≥ 100.
// Reference (same run, same simulator, same call counts): a Durable Object that does nothing but parse
// each frame and measure its lag, behind the same Worker → Durable Object hand-over
// (bench/reference-phone/worker.ts) — workerd's own floor on this machine. The listening calls' p99
// is printed as a ratio to it, and the reference's own capacity beside ours.
// Quick checks: TWILIO_BENCH_COUNTS=5,10 (call counts), TWILIO_BENCH_CURVES=listening (or talking,
// reference).
// The full curve takes about 8 minutes.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type BenchContext, defineBench, type Figure, stats } from "./support/bench";
import { capacity } from "./support/capacity";
import { freePort } from "../scripts/local-server";
import { REFERENCE_PHONE_CONFIG, startDevWorker } from "./support/dev-worker";
import { cpuSecondsBetween, cpuSecondsByPid } from "./diagnostics/process-cpu";
import { collectServiceGarbage } from "./diagnostics/service-isolates";
import type { CallResult, TwilioThreadInput, TwilioThreadMessage } from "./support/twilio-call-thread";
import { type GcPause, LONG_PAUSE_MS, parseGcLine, summarizeGc, traceWorkerdGc } from "./diagnostics/workerd-gc";

const COUNTS = (process.env.TWILIO_BENCH_COUNTS ?? "25,50,75,100,150").split(",").map(Number).filter((n) => n > 0);
const CURVES = (process.env.TWILIO_BENCH_CURVES ?? "reference,listening,talking").split(",");
const THREADS = Number(process.env.TWILIO_BENCH_THREADS ?? 2);
/** Calls ring in at this interval (10 a second). */
const RING_EVERY_MS = 100;
/** Every call of a run streams together for this long. */
const OVERLAP_S = 10;
const LAG_LIMIT_MS = 20;
const CAPACITY_TARGET = 100;
const AUTH_TOKEN = "bench-twilio-auth-token";
const SPEECH_WAV = join(import.meta.dirname, "../test/fixtures/speech-hello.wav");

/** Runs `calls` calls spread over THREADS threads. */
async function runCalls(baseURL: string, calls: number, speechWav: string | null, callSeconds: number): Promise<CallResult[]> {
  const indices = Array.from({ length: calls }, (_, i) => i);
  const per = Math.ceil(calls / THREADS);
  const parts = Array.from({ length: THREADS }, (_, t) => indices.slice(t * per, (t + 1) * per)).filter((p) => p.length > 0);
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<CallResult[]>((resolve, reject) => {
          const input: TwilioThreadInput = { baseURL, authToken: AUTH_TOKEN, indices: part, totalCalls: calls, ringInMs: calls * RING_EVERY_MS, callSeconds, speechWav };
          const thread = new Worker(new URL("./support/twilio-call-thread.ts", import.meta.url), { workerData: input });
          thread.on("message", (m: TwilioThreadMessage) => {
            void thread.terminate();
            if (m.type === "done") resolve(m.results);
            else reject(new Error(m.message));
          });
          thread.on("error", reject);
        }),
    ),
  );
  return results.flat();
}

interface Point {
  calls: number;
  p99Median: number;
  p99Worst: number;
  failedUpgrades: number;
  cpuPerCall: number;
}

/** One run of `calls` calls; logs its line of the curve. */
async function runPoint(ctx: BenchContext, baseURL: string, label: string, calls: number, speechWav: string | null, gcPauses: readonly GcPause[]): Promise<Point> {
  const callSeconds = (calls * RING_EVERY_MS) / 1000 + OVERLAP_S;
  const t0 = Date.now();
  const cpuBefore = cpuSecondsByPid("workerd");
  const results = await runCalls(baseURL, calls, speechWav, callSeconds);
  const t1 = Date.now();
  const seconds = (t1 - t0) / 1000;
  const cpuShare = ((cpuSecondsBetween(cpuBefore, cpuSecondsByPid("workerd"))[0] ?? 0) / seconds) * 100;
  const gc = summarizeGc(gcPauses, t0, t1);
  const ok = results.filter((r) => r.framesIn !== null);
  const failedUpgrades = results.filter((r) => r.failedUpgrade).length;
  const otherFailures = results.filter((r) => r.framesIn === null && !r.failedUpgrade);
  const lag = stats(ok.map((r) => r.lagP99!));
  const dropped = ok.reduce((a, r) => a + r.framesSent - r.framesIn!, 0);
  const point: Point = {
    calls,
    p99Median: ok.length ? lag.p50 : Number.NaN,
    p99Worst: ok.length ? lag.max : Number.NaN,
    failedUpgrades,
    cpuPerCall: cpuShare / calls,
  };
  const replied = speechWav ? `, ${ok.filter((r) => r.replied).length} replied` : "";
  ctx.log(
    `${label} ${String(calls).padStart(3)} calls (${callSeconds.toFixed(1)} s each): lag p99 median ${point.p99Median} / worst ${point.p99Worst} ms; ` +
      `failed upgrades ${failedUpgrades}, other failed calls ${otherFailures.length}${replied}; dropped frames ${dropped}; ` +
      `violations ${ok.reduce((a, r) => a + r.violations, 0)}; start delay max ${Math.max(0, ...ok.map((r) => r.startMs!))} ms; ` +
      `sim lateness p99 ${stats(ok.flatMap((r) => r.sendLag)).p99} ms; workerd ${cpuShare.toFixed(0)} % of a core (${point.cpuPerCall.toFixed(2)} % per call); ` +
      `full GCs ${gc.fullCount} (longest ${gc.fullMaxMs.toFixed(0)} ms), young-generation longest ${gc.youngMaxMs.toFixed(0)} ms; pauses ≥ ${LONG_PAUSE_MS} ms: ${gc.longCount} ` +
      `(of all these, in Miniflare's service isolates: full GCs ${gc.elsewhere.fullCount}, longest ${gc.elsewhere.fullMaxMs.toFixed(0)} ms; pauses ≥ ${LONG_PAUSE_MS} ms: ${gc.elsewhere.longCount})`,
  );
  for (const f of [...results.filter((r) => r.failedUpgrade), ...otherFailures].slice(0, 3)) ctx.log(`  call failed: ${f.error ?? "no stream statistics in the close reason"}`);
  return point;
}

/** The whole curve of one kind of caller, and its capacity figures (with a target unless `reference`). */
async function curve(ctx: BenchContext, baseURL: string, label: string, speechWav: string | null, gcPauses: readonly GcPause[], reference = false): Promise<{ points: Point[]; figures: Figure[] }> {
  const points: Point[] = [];
  for (const calls of COUNTS) {
    await collectServiceGarbage();
    await new Promise((r) => setTimeout(r, 1000)); // its trace lines arrive before the point's window opens
    points.push(await runPoint(ctx, baseURL, label, calls, speechWav, gcPauses));
  }
  const held = (p: Point, lag: number) => p.failedUpgrades === 0 && lag <= LAG_LIMIT_MS;
  const target = reference ? undefined : { kind: "min" as const, value: CAPACITY_TARGET };
  const figures: Figure[] = [
    { name: `${label}: capacity, median call p99 ≤ ${LAG_LIMIT_MS} ms, 0 failed upgrades`, value: capacity(points.map((p) => ({ load: p.calls, held: held(p, p.p99Median) }))), unit: "calls", target },
    { name: `${label}: capacity, every call p99 ≤ ${LAG_LIMIT_MS} ms, 0 failed upgrades`, value: capacity(points.map((p) => ({ load: p.calls, held: held(p, p.p99Worst) }))), unit: "calls", target },
  ];
  for (const p of points) {
    figures.push(
      { name: `${label} ${p.calls} calls: frame lag p99, median call`, value: p.p99Median, unit: "ms" },
      { name: `${label} ${p.calls} calls: frame lag p99, worst call`, value: p.p99Worst, unit: "ms" },
      { name: `${label} ${p.calls} calls: failed upgrades`, value: p.failedUpgrades, unit: "calls" },
      { name: `${label} ${p.calls} calls: workerd CPU per call`, value: p.cpuPerCall, unit: "% of a core" },
    );
  }
  return { points, figures };
}

/** Our median call's p99 as a ratio to the reference's, per call count. */
function ratios(label: string, ours: readonly Point[], reference: readonly Point[]): Figure[] {
  return ours.flatMap((p) => {
    const ref = reference.find((r) => r.calls === p.calls);
    return ref ? [{ name: `${label} ${p.calls} calls: median call p99 ÷ reference's`, value: p.p99Median / Math.max(1, ref.p99Median), unit: "×" }] : [];
  });
}

export default defineBench({
  name: "twilio-calls",
  async run(ctx) {
    const gcPauses: GcPause[] = [];
    const untrace = traceWorkerdGc();
    const worker = await startDevWorker({
      vars: { TWILIO_AUTH_TOKEN: AUTH_TOKEN },
      inspectorPort: await freePort(), // for collectServiceGarbage()
      onLog: (line) => {
        if (process.env.WORKER_LOG) appendFileSync(process.env.WORKER_LOG, `${Date.now()} ${line}\n`);
        const pause = parseGcLine(line, Date.now());
        if (pause) gcPauses.push(pause);
      },
    }).finally(untrace);
    try {
      // Warm-up call: compiles the Worker and the Durable Object before the measured runs.
      const [warm] = await runCalls(worker.directURL, 1, SPEECH_WAV, 4);
      if (warm?.error) ctx.log(`warm-up call failed: ${warm.error}`);
      ctx.log(`state (D1, Durable Object storage, R2): ${worker.stateMedium === "memory" ? "in memory (/dev/shm)" : "on disk"}`);
      const figures: Figure[] = [];
      let reference: Point[] = [];
      if (CURVES.includes("reference")) {
        // Its own workerd, started now and stopped before ours is measured (idle meanwhile either way).
        const refPauses: GcPause[] = [];
        const untraceRef = traceWorkerdGc();
        const ref = await startDevWorker({
          configPath: REFERENCE_PHONE_CONFIG,
          inspectorPort: await freePort(),
          onLog: (line) => {
            const pause = parseGcLine(line, Date.now());
            if (pause) refPauses.push(pause);
          },
        }).finally(untraceRef);
        try {
          await runCalls(ref.directURL, 1, null, 2);
          const r = await curve(ctx, ref.directURL, "reference", null, refPauses, true);
          reference = r.points;
          figures.push(...r.figures);
        } finally {
          await ref.stop();
        }
      }
      if (CURVES.includes("listening")) {
        const listening = await curve(ctx, worker.directURL, "listening", null, gcPauses);
        figures.push(...listening.figures, ...ratios("listening", listening.points, reference));
      }
      if (CURVES.includes("talking")) figures.push(...(await curve(ctx, worker.directURL, "talking", SPEECH_WAV, gcPauses)).figures);
      return figures;
    } finally {
      await worker.stop();
    }
  },
});
