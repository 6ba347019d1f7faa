// What holds the thread other calls share while a call talks to the local speech engines: the
// local-speech bench's two calls (a silent one watched by a viewer pinging every 20 ms, and one
// speaking the held-apart fixture set at real-time pace) in workerd under a V8 CPU profile. Prints
// every synchronous block over 15 ms with the functions it spent its time in, and the ping round
// trips over 30 ms. A diagnostic, not a bench: the profiler itself slows the isolate.
// Usage: npx tsx bench/diagnostics/local-speech-stalls.ts [utterances] [out.cpuprofile]
// PROFILE=0: no profile (the other call's ping p99 idle and during decodes, as the bench measures it);
// SKIP=n: start at the set's nth utterance; WORKER_LOG=file: workerd's log lines, time-stamped.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CALL_SOCKET_PATH, livePath, versionedPath } from "../../protocol/sockets";
import { parseWav } from "../../worker/audio/wav";
import { CallClient } from "../support/call-client";
import { stats } from "../support/bench";
import { startLocalSpeechWorker } from "../support/local-speech-worker";
import { longTasks } from "./long-tasks";
import { PingProbe } from "../support/ping-probe";
import { connectProfiler } from "./workerd-profile";

const utterances = Number(process.argv[2] ?? 5);
/** SKIP=n: start at the set's nth utterance. */
const skip = Number(process.env.SKIP ?? 0);
const CHUNK = 4096;
const CHUNK_MS = (CHUNK * 1000) / 16000;
const PORT = 9800 + Math.floor(Math.random() * 150);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = join(import.meta.dirname, "fixtures/local-speech");
const set = (JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Array<{ name: string; text: string }>).map((u) => ({
  ...u,
  samples: parseWav(readFileSync(join(dir, `${u.name}.wav`))).samples,
}));

const profiling = process.env.PROFILE !== "0";
const workerLog: string[] = [];
const app = await startLocalSpeechWorker({
  inspectorPort: profiling ? PORT : undefined,
  onLog: (m) => {
    workerLog.push(m);
    if (process.env.WORKER_LOG) appendFileSync(process.env.WORKER_LOG, `${Date.now()} ${m}\n`);
  },
});
try {
  const headers = { Origin: app.baseURL, Cookie: app.cookie };
  const wsBase = app.baseURL.replace(/^http/, "ws");
  const startCall = async () => {
    const client = new CallClient(`${wsBase}${versionedPath(CALL_SOCKET_PATH)}`, headers);
    await client.opened;
    client.send({ type: "start_call", echoId: app.echoId, userId: app.userId, callType: "browser_test" });
    const started = await client.find(0, (m) => m.type === "call_started", 60_000);
    return { client, callId: (started.msg as { callId: string }).callId };
  };
  const decodeWindows: Array<[number, number]> = [];
  const speakOne = async (client: CallClient, samples: Int16Array) => {
    const from = client.log.length;
    const t0 = performance.now();
    const send = client.pacedAudio(CHUNK_MS, t0);
    for (let i = 0; i < samples.length; i += CHUNK) await send(samples.subarray(i, i + CHUNK));
    decodeWindows.push([t0, performance.now()]);
    // Its own reply's audio: the first after its transcription (the previous reply may still be speaking).
    let gotAudio = false;
    const audio = client
      .find(from, (m) => m.type === "transcription", 30_000)
      .then((t) => client.find(t.index, (m) => m.type === "audio_response", 30_000))
      .then(() => (gotAudio = true));
    const silence = new Int16Array(CHUNK);
    while (!gotAudio && performance.now() - t0 < 30_000) await send(silence);
    await audio;
  };
  const other = await startCall();
  const probe = new PingProbe(`${wsBase}${versionedPath(livePath(other.callId))}`, headers, 20);
  await probe.start();
  const speaking = await startCall();
  await speakOne(speaking.client, set[set.length - 1]!.samples); // warm-up: the engines load
  await sleep(2000);
  const idleFrom = performance.now();
  await sleep(3000);
  const idleTo = performance.now();
  decodeWindows.length = 0;
  const profiler = profiling ? await connectProfiler(PORT, 1000) : null;
  const startedAt = performance.now();
  console.log(`measured part starts at ${Date.now()}`);
  await profiler?.start();
  for (const u of set.slice(skip, skip + utterances)) {
    await speakOne(speaking.client, u.samples);
    console.log(`utterance done at +${(performance.now() - startedAt).toFixed(0)} ms`);
  }
  await sleep(1500);
  const profile = profiler ? await profiler.stop() : { nodes: [], startTime: 0, endTime: 0, samples: [], timeDeltas: [] };
  probe.stop();
  profiler?.close();
  for (const c of [speaking, other]) c.client.send({ type: "end_call" });
  await sleep(300);
  if (process.argv[3]) writeFileSync(process.argv[3], JSON.stringify(profile));
  const tasks = longTasks(profile);
  console.log(`load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(`profile ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms; synchronous blocks ≥ 15 ms: ${tasks.length}`);
  // JavaScript frames and the garbage collector (the engines' wasm functions carry no names).
  const ours = (fn: string) => !/^wasm-function|^js-to-wasm/.test(fn);
  for (const task of tasks) {
    const causes = task.causes.filter((c) => ours(c.fn)).slice(0, 6);
    console.log(`  +${task.at.toFixed(0)} ms: ${task.ms.toFixed(1)} ms — ${causes.map((c) => `${c.fn} ${c.ms.toFixed(1)}`).join(" · ")}`);
  }
  const slow = probe.rtts.filter((r) => r.sentAt >= startedAt && r.rtt > 30);
  const all = stats(probe.rtts.filter((r) => r.sentAt >= startedAt).map((r) => r.rtt));
  console.log(`pings: ${all.n}, p50 ${all.p50.toFixed(1)} p99 ${all.p99.toFixed(1)} max ${all.max.toFixed(1)} ms`);
  const idle = stats(probe.rtts.filter((r) => r.sentAt >= idleFrom && r.sentAt < idleTo).map((r) => r.rtt)).p99;
  const decoding = stats(probe.rtts.filter((r) => decodeWindows.some(([a, b]) => r.sentAt >= a && r.sentAt < b)).map((r) => r.rtt)).p99;
  console.log(`ping p99 idle ${idle.toFixed(1)} ms, during decodes ${decoding.toFixed(1)} ms (rise ${(decoding - idle).toFixed(1)} ms)`);
  for (const line of workerLog.filter((l) => /decoder|recogniser|"event":"turn"/i.test(l))) console.log(`worker: ${line.slice(0, 300)}`);
  for (const r of slow) console.log(`  ping at +${(r.sentAt - startedAt).toFixed(0)} ms: ${r.rtt.toFixed(1)} ms`);
} finally {
  await app.stop();
}
