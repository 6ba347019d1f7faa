// Local speech (PocketSphinx + flite, the embedded default without an AI account):
//  • word error rate on a held-apart set: flite-spoken sentences in all four voices (bench/fixtures/
//    local-speech, never used by the tests) and real read speech (bench/fixtures/librivox, from
//    Debian's pocketsphinx-testdata), decoded the way the Worker does (incremental steps);
//  • real-time factor (decode time / audio time) and the longest single decode step and piece of an
//    utterance's end — how long one step holds the thread other calls share;
//  • flite's time per reply sentence (one uninterruptible step as well), and slt's for comparison;
//  • in the real app (AI_PROVIDER=local): end of turn → first reply audio p50/p99 (server-measured, the
//    latency stored with each reply), and whether another call's responsiveness (a viewer's ping → pong
//    round trip on a second, silent call, every 20 ms) degrades while the first call's speech is being
//    decoded (target: p99 rises by ≤ 20 ms). Measured twice: in workerd reached directly (the Worker and
//    its Durable Objects on the one thread all calls share, as self-hosted; the targets), then through
//    `npm run dev`'s vite dev server (information). Vite's Node process relays every WebSocket message,
//    and that relay is noisy on its own: with the offline provider (no decoding at all) the same
//    workload read a rise of 38 ms through vite, and local speech 18–39 ms over four runs, while workerd
//    directly read 7–8 ms.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TranscriptEntry } from "../protocol/call-messages";
import { CALL_SOCKET_PATH, livePath, versionedPath } from "../protocol/sockets";
import { startLocalApp } from "../scripts/local-app";
import { runFlite } from "../worker/ai/local/tts/flite";
import { FLITE_VOICES, type FliteVoice } from "../worker/ai/local/tts/voices";
import { STEP_SAMPLES } from "../worker/ai/local/stt/stream";
import { parseWav } from "../worker/audio/wav";
import { type Figure, defineBench, stats } from "./support/bench";
import { insertBenchEcho } from "./support/bench-echo";
import { CallClient } from "./support/call-client";
import { type LocalSpeechWorker, startLocalSpeechWorker } from "./support/local-speech-worker";
import { PingProbe } from "./support/ping-probe";
import { fliteModule, loadPocketSphinx } from "./support/local-speech-node";
import { wordErrorRate } from "./support/wer";

const CHUNK = 4096;
const CHUNK_MS = (CHUNK * 1000) / 16000;
const PING_MS = 20;
const REPLY_SENTENCES = [
  "I'm sorry it's been hard.",
  "So this is about your job and today.",
  "Let's work through it together.",
  "What feels hardest about your job right now?",
];

interface Utterance {
  name: string;
  text: string;
}

function fixtureSet(dir: string): Array<Utterance & { samples: Int16Array }> {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Utterance[];
  return manifest.map((u) => ({ ...u, samples: parseWav(readFileSync(join(dir, `${u.name}.wav`))).samples }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function recognition(ctx: { log(m: string): void }): Promise<Figure[]> {
  const t0 = performance.now();
  const engine = await loadPocketSphinx();
  const loadMs = performance.now() - t0;
  const steps: number[] = [];
  const ends: number[] = [];
  let decodeMs = 0;
  let audioMs = 0;
  const wer = async (set: Array<Utterance & { samples: Int16Array }>) => {
    const pairs = [];
    for (const u of set) {
      const decoder = await engine.acquire();
      decoder.start();
      for (let at = 0; at < u.samples.length; at += STEP_SAMPLES) {
        // One step, then the search work it left (one piece per task, as stt/stream.ts runs them).
        let left = -1;
        while (left !== 0) {
          const s = performance.now();
          left = left < 0 ? decoder.process(u.samples.subarray(at, at + STEP_SAMPLES)) : decoder.search();
          const ms = performance.now() - s;
          steps.push(ms);
          decodeMs += ms;
          await sleep(0);
        }
      }
      // The end of the utterance, piece by piece as the Worker runs it (stt/stream.ts).
      const pieces = decoder.ending();
      let hypothesis = "";
      for (;;) {
        const s = performance.now();
        const piece = pieces.next();
        const ms = performance.now() - s;
        ends.push(ms);
        decodeMs += ms;
        if (piece.done) {
          hypothesis = piece.value;
          break;
        }
        await sleep(0);
      }
      engine.release(decoder);
      audioMs += (u.samples.length / 16000) * 1000;
      pairs.push({ reference: u.text, hypothesis });
      ctx.log(`${u.name}: "${hypothesis}"`);
    }
    return wordErrorRate(pairs);
  };
  const flite = await wer(fixtureSet(join(import.meta.dirname, "fixtures/local-speech")));
  const real = await wer(fixtureSet(join(import.meta.dirname, "fixtures/librivox")));
  const step = stats(steps);
  const end = stats(ends);
  return [
    { name: "WER, flite voices (held-apart set)", value: flite * 100, unit: "%", target: { kind: "max", value: 20 } },
    { name: "WER, real read speech (LibriVox)", value: real * 100, unit: "%" },
    { name: "real-time factor (decode / audio)", value: decodeMs / audioMs, unit: "×", target: { kind: "max", value: 1 } },
    { name: `decode step (${(STEP_SAMPLES / 16).toFixed(0)} ms of audio) p99`, value: step.p99, unit: "ms", target: { kind: "max", value: 20 } },
    { name: "decode step max", value: step.max, unit: "ms" },
    { name: "end of utterance: longest piece", value: end.max, unit: "ms" },
    { name: "recogniser load (once per isolate)", value: loadMs, unit: "ms" },
  ];
}

async function synthesis(): Promise<Figure[]> {
  const module = fliteModule();
  const time = async (voices: FliteVoice[]) => {
    const times: number[] = [];
    for (const voice of voices) {
      for (const sentence of REPLY_SENTENCES) {
        const t = performance.now();
        await runFlite(module, sentence, voice);
        times.push(performance.now() - t);
      }
    }
    return stats(times);
  };
  const used = await time(Object.values(FLITE_VOICES));
  // The cluster-gen voice the styles used before (slt), for comparison in the same run.
  const slt = await time([{ name: "slt", stretch: 1 }]);
  return [
    { name: "flite per reply sentence p50 (the styles' voices)", value: used.p50, unit: "ms" },
    { name: "flite per reply sentence max (the styles' voices)", value: used.max, unit: "ms" },
    { name: "flite per reply sentence p50, slt (cluster-gen, not used)", value: slt.p50, unit: "ms" },
  ];
}

/** The app with AI_PROVIDER=local, a signed-in user and an Echo of theirs, and what its Worker logged. */
interface AppUnderTest extends LocalSpeechWorker {
  log(): string;
}

/** `npm run dev`'s server: vite dev, whose Node process relays every WebSocket message to workerd. */
async function viaVite(): Promise<AppUnderTest> {
  const app = await startLocalApp("vite", "local");
  const user = app.createUser("local-speech");
  return { baseURL: app.baseURL, userId: user.id, cookie: user.cookie, echoId: insertBenchEcho(app, user.id, "empathetic", "default"), log: app.log, stop: app.stop };
}

/** The same Worker (with the local engines) in workerd, reached directly: a self-hosted deployment's path. */
async function direct(): Promise<AppUnderTest> {
  const lines: string[] = [];
  const worker = await startLocalSpeechWorker({ onLog: (line) => lines.push(line) });
  return { ...worker, log: () => lines.join("\n") };
}

async function inTheApp(ctx: { log(m: string): void }, start: () => Promise<AppUnderTest>, label: string, targeted: boolean): Promise<Figure[]> {
  const app = await start();
  try {
    const headers = { Origin: app.baseURL, Cookie: app.cookie };
    const wsBase = app.baseURL.replace(/^http/, "ws");
    const startCall = async () => {
      let client = new CallClient(`${wsBase}${versionedPath(CALL_SOCKET_PATH)}`, headers);
      // vite dev may still be optimizing dependencies (and reloading the Worker) on the first requests.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.opened;
          break;
        } catch (err) {
          if (attempt === 5) throw err;
          ctx.log(`call socket refused (attempt ${attempt}), retrying`);
          await sleep(3000);
          client = new CallClient(`${wsBase}${versionedPath(CALL_SOCKET_PATH)}`, headers);
        }
      }
      client.send({ type: "start_call", echoId: app.echoId, userId: app.userId, callType: "browser_test" });
      const started = await client.find(0, (m) => m.type === "call_started", 60_000);
      return { client, callId: (started.msg as { callId: string }).callId };
    };
    // The other call: silent, watched by a pinging viewer.
    const other = await startCall();
    const probe = new PingProbe(`${wsBase}${versionedPath(livePath(other.callId))}`, headers, PING_MS);
    await probe.start();
    const speaking = await startCall();
    const set = fixtureSet(join(import.meta.dirname, "fixtures/local-speech"));
    const silence = new Int16Array(CHUNK);
    const decodeWindows: Array<[number, number]> = [];
    const replies: number[] = [];
    const pairs: Array<{ reference: string; hypothesis: string }> = [];
    let baselineFrom = 0;
    let warmupEnd = 0;
    let warmupEntry = "";
    let callFrom = 0;
    // The first utterance warms up (the engines load on first use) and is not counted; then 3 s of
    // baseline for the other call, then the measured utterances.
    for (const [index, u] of [set[set.length - 1]!, ...set].entries()) {
      if (index === 1) {
        await sleep(2000);
        baselineFrom = performance.now();
        await sleep(3000);
        callFrom = performance.now();
      }
      const { client } = speaking;
      const from = client.log.length;
      const t0 = performance.now();
      const send = client.pacedAudio(CHUNK_MS, t0);
      for (let i = 0; i < u.samples.length; i += CHUNK) await send(u.samples.subarray(i, i + CHUNK));
      if (index > 0) decodeWindows.push([t0, performance.now()]);
      let heard: string | null = null;
      const transcript = client.find(from, (m) => m.type === "transcription", 30_000);
      void transcript.then((t) => (heard = (t.msg as { text: string }).text)).catch(() => undefined);
      const firstAudio = transcript.then((t) => client.find(t.index, (m) => m.type === "audio_response", 30_000));
      let gotAudio = false;
      void firstAudio.then(() => (gotAudio = true)).catch(() => undefined);
      while (!gotAudio && performance.now() - t0 < 30_000) await send(silence);
      const audio = await firstAudio;
      if (index === 0) {
        warmupEnd = client.log.length;
        warmupEntry = (audio.msg as { entryId?: string }).entryId ?? "";
        continue;
      }
      pairs.push({ reference: u.text, hypothesis: heard ?? "" });
      ctx.log(`${label}, ${u.name}: "${heard ?? ""}"`);
    }
    // Each reply is cut off by the next utterance (barge-in) or the end of the call; its final entry
    // carries the latency the server measured.
    const callTo = performance.now();
    speaking.client.send({ type: "end_call" });
    await speaking.client.find(warmupEnd, (m) => m.type === "call_ended", 30_000).catch(() => null);
    for (const r of speaking.client.log.slice(warmupEnd)) {
      const entry = (r.msg as { entry?: TranscriptEntry; final?: boolean }).final ? (r.msg as { entry?: TranscriptEntry }).entry : undefined;
      if (r.msg.type === "ai_response" && entry?.latency && entry.id !== warmupEntry) replies.push(entry.latency.firstAudioMs);
    }
    probe.stop();
    other.client.send({ type: "end_call" });
    await sleep(500);
    speaking.client.close();
    other.client.close();
    const within = (from: number, to: number) => probe.rtts.filter((r) => r.sentAt >= from && r.sentAt < to).map((r) => r.rtt);
    const baseline = stats(within(baselineFrom, callFrom));
    const duringDecode = stats(decodeWindows.flatMap(([a, b]) => within(a, b)));
    const duringCall = stats(within(callFrom, callTo));
    const reply = stats(replies);
    ctx.log(`${label}: end of turn → first reply audio, per reply: ${replies.map((ms) => Math.round(ms)).join(", ")} ms`);
    // The app's own per-turn trail (worker/pipeline/core/trail.ts): where each turn's time went.
    for (const line of app.log().split("\n").filter((l) => l.includes('"event":"turn"') && l.includes('"provider":"local"'))) {
      const turn = JSON.parse(line.slice(line.indexOf("{"))) as { turn: number; sttMode: string; timings: Record<string, number> };
      ctx.log(`turn ${turn.turn} (${turn.sttMode}): ${JSON.stringify(turn.timings)}`);
    }
    const figures: Figure[] = [
      { name: "end of turn → first reply audio p50", value: reply.p50, unit: "ms", target: { kind: "max", value: 800 } },
      { name: "end of turn → first reply audio p99", value: reply.p99, unit: "ms" },
      { name: "WER over the call (same set)", value: wordErrorRate(pairs) * 100, unit: "%" },
      { name: "other call ping p99, idle", value: baseline.p99, unit: "ms" },
      { name: "other call ping p99, during decodes", value: duringDecode.p99, unit: "ms" },
      { name: "rise of other call's p99 during decodes", value: duringDecode.p99 - baseline.p99, unit: "ms", target: { kind: "max", value: 20 } },
      { name: "other call ping p99, whole call (decode + flite)", value: duringCall.p99, unit: "ms" },
      { name: "other call ping max, whole call", value: duringCall.max, unit: "ms" },
    ];
    // Through vite dev the figures are for information: its relay adds rises of its own (bench header).
    return figures.map(({ target, ...f }) => ({ ...f, name: `${label}: ${f.name}`, ...(targeted ? { target } : {}) }));
  } finally {
    await app.stop();
  }
}

export default defineBench({
  name: "local-speech",
  async run(ctx) {
    return [
      ...(await recognition(ctx)),
      ...(await synthesis()),
      ...(await inTheApp(ctx, direct, "workerd", true)),
      ...(await inTheApp(ctx, viaVite, "vite dev", false)),
    ];
  },
});
