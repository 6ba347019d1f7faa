// One worker thread's share of the twilio-calls bench's simulated phone calls (bench/twilio-calls.bench.ts).
// Each call rings /twilio/voice, opens its signed media stream (the per-call URL from the TwiML answer,
// /twilio/media/{callId}, straight to the call's Durable Object), streams 20 ms μ-law frames at real-time
// pace for `callSeconds` (optionally saying one sentence and waiting for the spoken reply) and hangs up;
// the server reports what it received in the stream's close reason. Spreading the calls over threads
// keeps the simulator's own timers (50 frames/s per call) from queueing behind one another.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { TwilioCall } from "../../test/support/twilio-sim";
import { httpNetwork, type SimNetwork } from "../../test/support/twilio-webhooks";
import { parseWav } from "../../worker/audio/wav";

export interface TwilioThreadInput {
  baseURL: string;
  authToken: string;
  /** The calls of this thread (their index decides the ring time and the caller's number). */
  indices: number[];
  /** Calls in the whole run: they ring in evenly over `ringInMs`. */
  totalCalls: number;
  ringInMs: number;
  callSeconds: number;
  /** A WAV file each caller says once, or null for callers who only listen. */
  speechWav: string | null;
}

export interface CallResult {
  framesSent: number;
  framesIn: number | null;
  lagP99: number | null;
  startMs: number | null;
  replied: boolean;
  sendLag: number[];
  violations: number;
  /** The media stream upgrade was refused or never answered (e.g. "answered 0": no HTTP answer at all). */
  failedUpgrade: boolean;
  error?: string;
}

export type TwilioThreadMessage = { type: "done"; results: CallResult[] } | { type: "error"; message: string };

const REASON = /frames in (\d+), missing (\d+), out (\d+); lag p50 (\d+) ms, p99 (\d+) ms; start (\d+) ms/;

async function oneCall(input: TwilioThreadInput, net: SimNetwork, index: number, speech: Int16Array | null): Promise<CallResult> {
  await new Promise((r) => setTimeout(r, (index * input.ringInMs) / input.totalCalls));
  // A call that is not over this long after it rang counts as failed (a server far behind real time).
  const deadlineMs = (input.callSeconds + 30) * 1000;
  let call: TwilioCall | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void call?.drop();
      reject(new Error(`call not over within ${deadlineMs / 1000} s (server behind real time)`));
    }, deadlineMs);
  });
  try {
    return await Promise.race([runCall(input, net, index, speech, (c) => (call = c)), deadline]);
  } catch (err) {
    const error = String(err);
    return { framesSent: 0, framesIn: null, lagP99: null, startMs: null, replied: false, sendLag: [], violations: 0, failedUpgrade: /media stream upgrade answered/.test(error), error };
  } finally {
    clearTimeout(timer);
  }
}

async function runCall(input: TwilioThreadInput, net: SimNetwork, index: number, speech: Int16Array | null, started: (call: TwilioCall) => void): Promise<CallResult> {
  const call = await TwilioCall.dial(net, { authToken: input.authToken, from: `+1555020${String(index).padStart(4, "0")}` });
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
  const left = input.callSeconds * 1000 - (Date.now() - t0);
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
    failedUpgrade: false,
  };
}

async function run(input: TwilioThreadInput): Promise<CallResult[]> {
  const net = httpNetwork(input.baseURL);
  const speech = input.speechWav ? parseWav(readFileSync(input.speechWav)).samples : null;
  return Promise.all(input.indices.map((i) => oneCall(input, net, i, speech)));
}

if (parentPort) {
  run(workerData as TwilioThreadInput).then(
    (results) => parentPort!.postMessage({ type: "done", results } satisfies TwilioThreadMessage),
    (err: unknown) => parentPort!.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) } satisfies TwilioThreadMessage),
  );
}
