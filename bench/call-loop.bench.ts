// The voice loop end to end through the real /ws/call socket of the local app (offline provider):
// a spoken WAV streamed as the browser does (4096-sample audio_data frames at real-time pace, then
// silence) and typed turns. Client-side figures: last speech frame sent → transcription / first reply
// audio received; first speech frame over a playing reply → interrupt; text_input sent → first reply audio. Server-side figures: the latency breakdown the
// CallSession stored with each assistant entry (end of speech → transcript → first token → first audio).
// (The pipeline's own zero-latency-AI figures are measured by the pipeline benchmarks.)
// The one verdict, end-of-turn delay after speech ≤ 300 ms, is audio time (the detector's stream
// clock), the same on any machine; the wall-clock times are printed for information.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TranscriptEntry, TurnLatency } from "../protocol/call-messages";
import { pcm16ToBase64 } from "../protocol/pcm16";
import { CALL_SOCKET_PATH, versionedPath } from "../protocol/sockets";
import { parseWav } from "../worker/audio/wav";
import { type Figure, defineBench, stats } from "./support/bench";
import { insertBenchEcho } from "./support/bench-echo";
import { CallClient, type Received } from "./support/call-client";

const CHUNK = 4096;
const CHUNK_MS = (CHUNK * 1000) / 16000;
const SPOKEN_TURNS = Number(process.env.CALL_LOOP_SPOKEN ?? 6);
const TYPED_TURNS = 20;
const TYPING_PAUSE_MS = 1500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function figures(label: string, samples: number[], target?: number): Figure[] {
  const s = stats(samples);
  return [
    { name: `${label} p50`, value: s.p50, unit: "ms" },
    { name: `${label} p95`, value: s.p95, unit: "ms", ...(target ? { target: { kind: "max" as const, value: target } } : {}) },
  ];
}

export default defineBench({
  name: "call-loop",
  async run(ctx) {
    const app = await ctx.app();
    const user = app.createUser("call-loop");
    const echoId = insertBenchEcho(app, user.id, "friendly", "warm");
    const speech = parseWav(readFileSync(join(import.meta.dirname, "../test/fixtures/speech-hello.wav"))).samples;
    const silence = new Int16Array(CHUNK);
    const url = `${app.baseURL.replace(/^http/, "ws")}${versionedPath(CALL_SOCKET_PATH)}`;
    const client = new CallClient(url, { Origin: app.baseURL, Cookie: user.cookie });
    await client.opened;
    client.send({ type: "start_call", echoId, userId: user.id, callType: "browser_test" });
    await client.find(0, (m) => m.type === "call_started");

    const toTranscript: number[] = [];
    const toAudio: number[] = [];
    const typed: number[] = [];
    const typedHeard: number[] = [];
    const bargeIn: number[] = [];
    const server: TurnLatency[] = [];
    for (let turn = 0; turn < SPOKEN_TURNS; turn++) {
      const from = client.log.length;
      let lastSpeechAt = 0;
      const t0 = performance.now();
      let n = 0;
      const sendChunk = async (chunk: Int16Array) => {
        client.send({ type: "audio_data", data: pcm16ToBase64(chunk), timestamp: Date.now() });
        const sentAt = performance.now();
        n++;
        await sleep(Math.max(0, t0 + n * CHUNK_MS - performance.now()));
        return sentAt;
      };
      let firstSpeechAt = 0;
      for (let i = 0; i < speech.length; i += CHUNK) {
        const chunk = speech.subarray(i, i + CHUNK);
        const sentAt = await sendChunk(chunk);
        if (chunk.some((v) => Math.abs(v) > 1000)) {
          lastSpeechAt = sentAt;
          firstSpeechAt ||= sentAt;
        }
      }
      if (turn > 0) {
        // The previous reply (~20 s of offline speech) is still playing: this turn barged in.
        const stop = await client.find(from, (m) => m.type === "interrupt");
        bargeIn.push(stop.at - firstSpeechAt);
      }
      // Keep streaming silence (as a live microphone does) until the reply's first audio arrives.
      let audio: (Received & { index: number }) | null = null;
      const transcript = client.find(from, (m) => m.type === "transcription");
      const firstAudio = transcript.then((t) => client.find(t.index, (m) => m.type === "audio_response"));
      void firstAudio.then((a) => (audio = a)).catch(() => undefined);
      while (!audio && performance.now() - t0 < 20_000) await sendChunk(silence);
      const t = await transcript;
      const a = await firstAudio;
      toTranscript.push(t.at - lastSpeechAt);
      toAudio.push(a.at - lastSpeechAt);
    }
    for (let turn = 0; turn < TYPED_TURNS; turn++) {
      const from = client.log.length;
      const t0 = performance.now();
      client.send({ type: "text_input", text: `Turn ${turn}: I'm feeling pretty good about this week.` });
      const heard = await client.find(from, (m) => m.type === "transcription");
      const a = await client.find(heard.index, (m) => m.type === "audio_response");
      typed.push(a.at - t0);
      typedHeard.push(heard.at - t0);
      await sleep(TYPING_PAUSE_MS); // a person reads the reply's start before typing again
    }
    client.send({ type: "end_call" });
    await client.find(0, (m) => m.type === "call_ended");
    client.close();
    for (const r of client.log) {
      const m = r.msg;
      if (m.type === "ai_response" && m.final && m.entry?.latency) server.push(m.entry.latency);
    }
    const entries = client.log.filter((r) => r.msg.type === "transcription").map((r) => (r.msg as { entry: TranscriptEntry }).entry);
    ctx.log(`${SPOKEN_TURNS} spoken + ${TYPED_TURNS} typed turns, ${entries.length} caller entries, ${server.length} replies with latency`);
    return [
      ...figures("spoken: last speech frame → transcription (client)", toTranscript),
      ...figures("spoken: last speech frame → first audio_response (client)", toAudio),
      ...figures("spoken barge-in: first speech frame → interrupt (client)", bargeIn),
      ...figures("typed: text_input → transcription (client)", typedHeard),
      ...figures("typed: text_input → first audio_response (client)", typed),
      ...figures("server: end of turn → transcript", server.map((l) => l.transcribeMs)),
      ...figures("server: end of turn → first token", server.map((l) => l.firstTokenMs)),
      ...figures("server: end of turn → first audio", server.map((l) => l.firstAudioMs)),
      ...figures(
        "server: end-of-turn delay after speech",
        server.flatMap((l) => (l.endOfTurnMs === undefined ? [] : [l.endOfTurnMs])),
        300,
      ),
    ];
  },
});
