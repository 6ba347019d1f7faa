// 100 simulated phone calls at once, at real-time pace, against the Worker in local workerd (Worker,
// Durable Objects and D1 exactly as deployed, offline AI provider): each call rings /twilio/voice, opens
// its signed media stream, streams 20 ms μ-law frames for 22 s and hangs up; the calls ring in over 10 s
// (TWILIO_BENCH_RING_IN_MS), so all 100 stream at once for the last 12 s of the first call. Two runs: callers who
// only listen (transport, relay and voice-activity detection under load), then callers who each say one
// sentence (the pipeline also transcribes it and synthesizes a spoken reply).
// How: the Worker runs through wrangler's dev API and the calls connect straight to workerd's socket
// (bench/support/dev-worker.ts; `wrangler dev`'s public port adds a proxy worker relaying every frame,
// a hop no deployment has). The simulated calls run on TWILIO_BENCH_THREADS (2) Node worker threads
// (bench/support/twilio-call-thread.ts) so the simulator's own 5,000 timers a second don't queue up.
// Figures:
//  - dropped frames: inbound frames the simulator sent that the call's session never received (the
//    server reports its count in the stream's close reason);
//  - frame lag: how late each frame reached the call's session relative to its media timestamp, p99
//    per call as reported by the server (the worst call and the median call), once the stream runs;
//    the stream's first second (frames held while the stream token is checked and the session
//    attached) is reported apart as the start delay;
//  - the simulator's own send lateness (a busy bench machine shows up here first);
//  - workerd's CPU during the run (share of one core; workerd runs the Worker and every Durable Object
//    on one thread);
//  - V8's garbage-collection pauses in workerd during the run (bench/support/workerd-gc.ts): every pause
//    holds up every call on the thread, and the full (mark-compact) ones are what the p99 lag is made of
//    (docs/twilio.md, Benchmarks).
// Targets (issue 6): 0 dropped frames; p99 frame lag ≤ 20 ms.
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type BenchContext, defineBench, type Figure, stats } from "./support/bench";
import { startDevWorker } from "./support/dev-worker";
import { cpuSecondsBetween, cpuSecondsByPid } from "./support/process-cpu";
import type { CallResult, TwilioThreadInput, TwilioThreadMessage } from "./support/twilio-call-thread";
import { type GcPause, parseGcLine, summarizeGc, traceWorkerdGc } from "./support/workerd-gc";

/** `TWILIO_BENCH_CALLS=10 npm run bench -- twilio-calls` for a quick check (TWILIO_BENCH_LISTENING_ONLY=1: first run only). */
const CALLS = Number(process.env.TWILIO_BENCH_CALLS ?? 100);
const THREADS = Number(process.env.TWILIO_BENCH_THREADS ?? 2);
/** The calls ring in evenly over RING_IN_MS (10 calls a second), then all 100 stream at once for over 10 s. */
const RING_IN_MS = Number(process.env.TWILIO_BENCH_RING_IN_MS ?? 10_000);
const CALL_SECONDS = 22;
const AUTH_TOKEN = "bench-twilio-auth-token";
const SPEECH_WAV = join(import.meta.dirname, "../test/fixtures/speech-hello.wav");

/** Runs `indices` calls spread over THREADS threads. */
async function runCalls(baseURL: string, indices: number[], totalCalls: number, speechWav: string | null, callSeconds = CALL_SECONDS): Promise<CallResult[]> {
  const per = Math.ceil(indices.length / THREADS);
  const parts = Array.from({ length: THREADS }, (_, t) => indices.slice(t * per, (t + 1) * per)).filter((p) => p.length > 0);
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<CallResult[]>((resolve, reject) => {
          const input: TwilioThreadInput = { baseURL, authToken: AUTH_TOKEN, indices: part, totalCalls, ringInMs: RING_IN_MS, callSeconds, speechWav };
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

/** CALLS calls at once; figures labelled with `label`. */
async function scenario(ctx: BenchContext, baseURL: string, label: string, speechWav: string | null, gcPauses: readonly GcPause[]): Promise<Figure[]> {
  const t0 = Date.now();
  const cpuBefore = cpuSecondsByPid("workerd");
  const results = await runCalls(baseURL, Array.from({ length: CALLS }, (_, i) => i), CALLS, speechWav);
  const t1 = Date.now();
  const seconds = (t1 - t0) / 1000;
  const gc = summarizeGc(gcPauses, t0, t1);
  const workerdCpu = cpuSecondsBetween(cpuBefore, cpuSecondsByPid("workerd"));
  ctx.log(`${label}: ${CALLS} calls in ${seconds.toFixed(1)} s; workerd processes used ${workerdCpu.map((s) => `${((s / seconds) * 100).toFixed(0)} %`).join(", ")} of a core`);
  ctx.log(`${label}: workerd GC: ${gc.fullCount} full (${gc.fullTotalMs.toFixed(0)} ms in all), ${gc.youngCount} young-generation (${gc.youngTotalMs.toFixed(0)} ms in all)`);
  const failed = results.filter((r) => r.error || r.framesIn === null);
  for (const f of failed.slice(0, 3)) ctx.log(`call failed: ${f.error ?? "no stream statistics in the close reason"}`);
  const ok = results.filter((r) => r.framesIn !== null);
  const sent = ok.reduce((a, r) => a + r.framesSent, 0);
  const received = ok.reduce((a, r) => a + r.framesIn!, 0);
  const lagP99s = stats(ok.map((r) => r.lagP99!));
  const sendLag = stats(ok.flatMap((r) => r.sendLag));
  const figures: Figure[] = [
    { name: `${label}: calls completed with stream statistics`, value: ok.length, unit: "calls", target: { kind: "min", value: CALLS } },
    { name: `${label}: inbound frames sent`, value: sent, unit: "frames" },
    { name: `${label}: dropped frames`, value: sent - received, unit: "frames", target: { kind: "max", value: 0 } },
    { name: `${label}: frame lag p99, worst call`, value: lagP99s.max, unit: "ms", target: { kind: "max", value: 20 } },
    { name: `${label}: frame lag p99, median call`, value: lagP99s.p50, unit: "ms" },
    { name: `${label}: stream start delay, worst call`, value: Math.max(0, ...ok.map((r) => r.startMs!)), unit: "ms" },
    { name: `${label}: simulator send lateness p99`, value: sendLag.p99, unit: "ms" },
    { name: `${label}: workerd CPU (busiest process)`, value: ((workerdCpu[0] ?? 0) / seconds) * 100, unit: "% of a core" },
    { name: `${label}: workerd full GCs (mark-compact)`, value: gc.fullCount, unit: "pauses" },
    { name: `${label}: longest full-GC pause`, value: gc.fullMaxMs, unit: "ms" },
    { name: `${label}: young-generation GCs, longest pause`, value: gc.youngMaxMs, unit: "ms" },
    { name: `${label}: protocol violations in server frames`, value: ok.reduce((a, r) => a + r.violations, 0), unit: "frames", target: { kind: "max", value: 0 } },
  ];
  if (speechWav) figures.splice(1, 0, { name: `${label}: calls that got a spoken reply`, value: ok.filter((r) => r.replied).length, unit: "calls" });
  return figures;
}

export default defineBench({
  name: "twilio-calls",
  async run(ctx) {
    const gcPauses: GcPause[] = [];
    const untrace = traceWorkerdGc();
    const worker = await startDevWorker({
      vars: { TWILIO_AUTH_TOKEN: AUTH_TOKEN },
      onLog: (line) => {
        const pause = parseGcLine(line, Date.now());
        if (pause) gcPauses.push(pause);
      },
    }).finally(untrace);
    try {
      // Warm-up call: compiles the Worker and the Durable Object before the measured run.
      const [warm] = await runCalls(worker.directURL, [0], 1, SPEECH_WAV, 4);
      if (warm?.error) ctx.log(`warm-up call failed: ${warm.error}`);
      // Callers who only listen: the transport, the relay and voice-activity detection at full load.
      const silent = await scenario(ctx, worker.directURL, "listening", null, gcPauses);
      // Callers who speak: every call also transcribes, answers and synthesizes a reply (offline provider).
      if (process.env.TWILIO_BENCH_LISTENING_ONLY) return silent;
      const talking = await scenario(ctx, worker.directURL, "talking", SPEECH_WAV, gcPauses);
      return [...silent, ...talking];
    } finally {
      await worker.stop();
    }
  },
});
