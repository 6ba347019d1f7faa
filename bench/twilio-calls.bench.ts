// 100 simulated phone calls at once, at real-time pace, against the Worker in local workerd (`wrangler
// dev`: Worker, Durable Objects and D1 exactly as deployed, offline AI provider, no SPA assets): each call rings /twilio/voice, opens its signed media stream, streams 20 ms μ-law
// frames for ~12 s and hangs up. Two runs: callers who only listen (transport, relay and voice-activity
// detection under load), then callers who each say one sentence (the pipeline also transcribes it and
// synthesizes a spoken reply).
// Figures:
//  - dropped frames: inbound frames the simulator sent that the call's session never received (the
//    server reports its count in the stream's close reason);
//  - frame lag: how late each frame reached the call's session relative to its media timestamp, p99
//    per call as reported by the server (the worst call and the median call), once the stream runs;
//    the stream's first second (frames held while the stream token is checked and the session
//    attached) is reported apart as the start delay;
//  - the simulator's own send lateness (a busy bench machine shows up here first).
// Why not the shared `vite dev` app (bench/support/app.ts): there every WebSocket frame also passes
// through Vite's Node proxy, which on a small machine falls behind at ~10 phone calls (5,000 frames/s
// at 100 calls), long before the Worker does.
// Targets (issue 6): 0 dropped frames; p99 frame lag ≤ 20 ms.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "../scripts/local-db.mjs";
import { freePort, startServer } from "../scripts/local-server";
import { TwilioCall } from "../test/worker/support/twilio-sim";
import { httpNetwork, type SimNetwork } from "../test/worker/support/twilio-webhooks";
import { parseWav } from "../worker/audio/wav";
import { defineBench, type Figure, stats } from "./support/bench";

/** `TWILIO_BENCH_CALLS=10 npm run bench -- twilio-calls` for a quick check. */
const CALLS = Number(process.env.TWILIO_BENCH_CALLS ?? 100);
const CALL_SECONDS = 12;
const AUTH_TOKEN = "bench-twilio-auth-token";

interface CallResult {
  framesSent: number;
  framesIn: number | null;
  lagP99: number | null;
  startMs: number | null;
  replied: boolean;
  sendLag: number[];
  violations: number;
  error?: string;
}

const REASON = /frames in (\d+), missing (\d+), out (\d+); lag p50 (\d+) ms, p99 (\d+) ms; start (\d+) ms/;

/** `wrangler dev` on a free port with throwaway, migrated state and a Twilio auth token. */
async function startWorker(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const stateDir = mkdtempSync(join(tmpdir(), "echo-twilio-bench-"));
  const assetsDir = join(stateDir, "assets");
  mkdirSync(assetsDir);
  migrateLocal(stateDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const removeState = () => rmSync(stateDir, { recursive: true, force: true });
  try {
    const server = await startServer({
      args: ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", stateDir, "--assets", assetsDir,
        "--var", `TWILIO_AUTH_TOKEN:${AUTH_TOKEN}`, "--log-level", "warn"],
      env: { ...process.env, CI: "true" },
      readyURL: `${baseURL}/api/config`,
    });
    return { baseURL, stop: () => server.stop().finally(removeState) };
  } catch (err) {
    removeState();
    throw err;
  }
}

/** A call that is not over this long after it rang counts as failed (a server far behind real time). */
const CALL_DEADLINE_MS = (CALL_SECONDS + 30) * 1000;

async function oneCall(net: SimNetwork, index: number, speech: Int16Array | null): Promise<CallResult> {
  await new Promise((r) => setTimeout(r, (index * 2000) / CALLS)); // calls ring in over 2 s
  let call: TwilioCall | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void call?.drop();
      reject(new Error(`call not over within ${CALL_DEADLINE_MS / 1000} s (server behind real time)`));
    }, CALL_DEADLINE_MS);
  });
  try {
    return await Promise.race([runCall(net, index, speech, (c) => (call = c)), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function runCall(net: SimNetwork, index: number, speech: Int16Array | null, started: (call: TwilioCall) => void): Promise<CallResult> {
  const call = await TwilioCall.dial(net, { authToken: AUTH_TOKEN, from: `+1555020${String(index).padStart(4, "0")}` });
  started(call);
  await call.connect();
  const t0 = Date.now();
  let replied = false;
  if (speech) {
    await new Promise((r) => setTimeout(r, 500));
    await call.say(speech);
    replied = await call.until(() => call.outboundOf("mark").length > 0, 9000, "reply").then(
      () => true,
      () => false,
    );
  }
  const left = CALL_SECONDS * 1000 - (Date.now() - t0);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  await call.hangUp(15_000);
  const m = REASON.exec(call.closed?.reason ?? "");
  return {
    framesSent: call.framesSent,
    framesIn: m ? Number(m[1]) : null,
    lagP99: m ? Number(m[5]) : null,
    startMs: m ? Number(m[6]) : null,
    replied,
    sendLag: call.sendLagMs,
    violations: call.violations.length,
  };
}

/** CALLS calls at once; figures labelled with `label`. */
async function scenario(net: SimNetwork, label: string, speech: Int16Array | null, log: (m: string) => void): Promise<Figure[]> {
  const t0 = Date.now();
  const results = await Promise.all(
    Array.from({ length: CALLS }, (_, i) =>
      oneCall(net, i, speech).catch(
        (err: unknown): CallResult => ({ framesSent: 0, framesIn: null, lagP99: null, startMs: null, replied: false, sendLag: [], violations: 0, error: String(err) }),
      ),
    ),
  );
  log(`${label}: ${CALLS} calls in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const failed = results.filter((r) => r.error || r.framesIn === null);
  for (const f of failed.slice(0, 3)) log(`call failed: ${f.error ?? "no stream statistics in the close reason"}`);
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
    { name: `${label}: protocol violations in server frames`, value: ok.reduce((a, r) => a + r.violations, 0), unit: "frames", target: { kind: "max", value: 0 } },
  ];
  if (speech) figures.splice(1, 0, { name: `${label}: calls that got a spoken reply`, value: ok.filter((r) => r.replied).length, unit: "calls" });
  return figures;
}

export default defineBench({
  name: "twilio-calls",
  async run(ctx) {
    const wav = parseWav(readFileSync(join(import.meta.dirname, "../test/fixtures/speech-hello.wav")));
    const app = await startWorker();
    try {
      const net = httpNetwork(app.baseURL);
      // Warm-up call: compiles the Worker and the Durable Object before the measured run.
      await oneCall(net, 0, wav.samples).catch((err: unknown) => ctx.log(`warm-up call failed: ${String(err)}`));
      // Callers who only listen: the transport, the relay and voice-activity detection at full load.
      const silent = await scenario(net, "listening", null, ctx.log);
      // Callers who speak: every call also transcribes, answers and synthesizes a reply (offline provider).
      const talking = await scenario(net, "talking", wav.samples, ctx.log);
      const figures = [...silent, ...talking];
      return figures;
    } finally {
      await app.stop();
    }
  },
});
