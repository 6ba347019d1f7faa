// Chaos over a real /ws/call socket: the call's provider is the real Workers AI provider on a stand-in
// binding that hangs, rate-limits, runs out of capacity, breaks streams, returns empty transcripts or
// MP3 bytes (support/chaos-ai.ts). For each: the browser gets an `error`, hears the apology (its audio
// arrives for the apology's entry), the call goes on, every line is stored (with the failure in the
// apology's outcome), and the call finalizes. A model that keeps failing ends the call as failed after
// a spoken goodbye.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import type { CallSession } from "../../../worker/call/CallSession";
import { WorkersAiProvider, MODELS } from "../../../worker/ai/workers-ai/provider";
import { SPOKEN_LINES } from "../../../worker/pipeline/reply/fallback-lines";
import { default as helloWav } from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, silence, streamAudio } from "../support/audio";
import { callRow, callStub, d1Transcript, startTestCall } from "../support/call";
import { BINDING_ERRORS, ChaosAi, type ChaosFault } from "../support/chaos-ai";
import type { TestSocket } from "../support/ws";

type Msg = Record<string, unknown> & { type?: string };
type EntryMsg = { text: string; entry: TranscriptEntry; final?: boolean };
const REPLY = "Of course. I am right here with you.";
const finalWith = (text: string) => (m: Msg) => m.type === "ai_response" && m.final === true && m.text === text;

async function chaosCall(chaos: ChaosAi) {
  const call = await startTestCall();
  await runInDurableObject(callStub(call.callId), (instance: CallSession) => instance.useProvider(new WorkersAiProvider(chaos.binding)));
  return call;
}

async function say(socket: TestSocket, how: "audio" | "text"): Promise<void> {
  if (how === "text") socket.send({ type: "text_input", text: "Can you hear me?" });
  else {
    const { concatPcm } = await import("../../../worker/audio/pcm");
    await streamAudio(socket, concatPcm([pcmFromWavDataUrl(helloWav), silence(600)]), 8);
  }
}

/** The call goes on: a plain reply, then end_call; returns the stored transcript. */
async function carryOnAndEnd(socket: TestSocket, callId: string) {
  socket.send({ type: "text_input", text: "Are you still there?" });
  await socket.next<EntryMsg>(finalWith(REPLY), 15_000);
  socket.send({ type: "end_call" });
  await socket.next("call_ended", 10_000);
  expect(await callRow(callId)).toMatchObject({ status: "completed" });
  const stored = await d1Transcript(callId);
  // No line lost: every caller line and every final assistant line the socket carried is stored.
  const sent = [...socket.all<EntryMsg>("transcription"), ...socket.all<EntryMsg & Msg>("ai_response").filter((m) => m.final)].map((m) => m.entry.id);
  expect(stored.map((e) => e.id).sort()).toEqual([...new Set(sent)].sort());
  return stored;
}

const failures: Array<{ name: string; model: (typeof MODELS)[keyof typeof MODELS]; faults: ChaosFault[]; input: "audio" | "text"; code: string; stage: string }> = [
  { name: "speech-to-text hangs (6 s deadline)", model: MODELS.whisper, faults: ["hang"], input: "audio", code: "stt_failed", stage: "transcribe" },
  { name: "an empty transcript", model: MODELS.whisper, faults: ["empty-transcript"], input: "audio", code: "stt_empty", stage: "transcribe" },
  { name: "no first token (4 s deadline)", model: MODELS.llm, faults: ["hang"], input: "text", code: "llm_failed", stage: "reply" },
  { name: "a malformed stream event", model: MODELS.llm, faults: ["malformed-json"], input: "text", code: "llm_failed", stage: "reply" },
  { name: "a stream cut mid-sentence", model: MODELS.llm, faults: [{ cutAfterEvents: 4 }], input: "text", code: "llm_failed", stage: "reply" },
  { name: "3040 out of capacity on every attempt", model: MODELS.tts, faults: Array<ChaosFault>(3).fill({ throw: BINDING_ERRORS.capacity }), input: "text", code: "tts_failed", stage: "speech" },
  { name: "MP3 bytes instead of PCM", model: MODELS.tts, faults: ["mp3"], input: "text", code: "tts_failed", stage: "speech" },
];

describe("chaos on a browser call: failures the caller hears as an apology", { timeout: 60_000 }, () => {
  for (const f of failures) {
    it(`${f.name}: error, apology audio, the call goes on, nothing lost`, async () => {
      const chaos = new ChaosAi().fail(f.model, ...f.faults);
      const { socket, callId } = await chaosCall(chaos);
      await say(socket, f.input);
      const error = await socket.next<{ error: string; code: string }>("error", 15_000);
      expect(error.code).toBe(f.code);
      expect(error.error.length).toBeGreaterThan(10);
      const apology = await socket.next<EntryMsg>(finalWith(SPOKEN_LINES.apology), 15_000);
      const audio = socket.all<{ entryId: string; data: string }>("audio_response").filter((a) => a.entryId === apology.entry.id);
      expect(audio.length).toBeGreaterThan(0);
      expect(audio[0]!.data.length).toBeGreaterThan(1000);
      expect(apology.entry.outcome).toMatchObject({ status: "failed", failedStage: f.stage });
      const stored = await carryOnAndEnd(socket, callId);
      expect(stored.find((e) => e.id === apology.entry.id)?.outcome).toMatchObject({ status: "failed", failedStage: f.stage, error: expect.any(String) });
      expect(stored.filter((e) => e.speaker === "caller")).toHaveLength(2);
    });
  }
});

describe("chaos on a browser call: failures that never reach the caller", { timeout: 30_000 }, () => {
  const recovered: Array<{ name: string; model: (typeof MODELS)[keyof typeof MODELS]; fault: ChaosFault; input: "audio" | "text"; stage: string }> = [
    { name: "429 then success", model: MODELS.llm, fault: { throw: BINDING_ERRORS.rateLimited }, input: "text", stage: "reply" },
    { name: "500 then success", model: MODELS.whisper, fault: { throw: BINDING_ERRORS.serverError }, input: "audio", stage: "transcribe" },
    { name: "3040 once", model: MODELS.tts, fault: { throw: BINDING_ERRORS.capacity }, input: "text", stage: "speech" },
  ];
  for (const r of recovered) {
    it(`${r.name}: retried, answered, the retry stored with the turn`, async () => {
      const chaos = new ChaosAi().fail(r.model, r.fault);
      const { socket, callId } = await chaosCall(chaos);
      await say(socket, r.input);
      const reply = await socket.next<EntryMsg>(finalWith(REPLY), 15_000);
      expect(reply.entry.outcome).toMatchObject({ status: "ok", retries: { [r.stage]: 1 } });
      expect(socket.all("error")).toHaveLength(0);
      await carryOnAndEnd(socket, callId);
    });
  }

  it("a slow first token inside its deadline is just slow", async () => {
    const chaos = new ChaosAi().fail(MODELS.llm, { slowFirstTokenMs: 1500 });
    const { socket, callId } = await chaosCall(chaos);
    await say(socket, "text");
    const reply = await socket.next<EntryMsg>(finalWith(REPLY), 15_000);
    expect(reply.entry.latency?.firstTokenMs).toBeGreaterThanOrEqual(1500);
    expect(socket.all("error")).toHaveLength(0);
    await carryOnAndEnd(socket, callId);
  });
});

describe("chaos on a browser call: a model that keeps failing", { timeout: 60_000 }, () => {
  it("three failed turns: a spoken goodbye, the call ends as failed with its reason", async () => {
    const chaos = new ChaosAi().breakFor(MODELS.llm, { throw: BINDING_ERRORS.noSuchModel });
    const { socket, callId } = await chaosCall(chaos);
    for (let i = 0; i < 2; i++) {
      socket.send({ type: "text_input", text: `Attempt ${i}` });
      await socket.next(finalWith(SPOKEN_LINES.apology), 15_000);
    }
    socket.send({ type: "text_input", text: "Attempt 2" });
    const goodbye = await socket.next<EntryMsg>(finalWith(SPOKEN_LINES.goodbye), 20_000);
    expect(socket.all<{ entryId: string }>("audio_response").some((a) => a.entryId === goodbye.entry.id)).toBe(true);
    const ended = await socket.next<{ reason: string }>("call_ended", 10_000);
    expect(ended.reason).toBe("ai_failed_reply");
    expect(socket.all("error")).toHaveLength(3);
    expect(await callRow(callId)).toMatchObject({ status: "failed", end_reason: "ai_failed_reply" });
    const stored = await d1Transcript(callId);
    expect(stored.map((e) => [e.speaker, e.text])).toEqual([
      ["caller", "Attempt 0"],
      ["assistant", SPOKEN_LINES.apology],
      ["caller", "Attempt 1"],
      ["assistant", SPOKEN_LINES.apology],
      ["caller", "Attempt 2"],
      ["assistant", SPOKEN_LINES.goodbye],
    ]);
    expect(stored.at(-1)!.outcome).toMatchObject({ status: "gave_up", failedStage: "reply" });
    expect(chaos.count(MODELS.llm)).toBe(3); // 5007 is not retried
  });
});

describe("chaos on a browser call: ending it while a model hangs", { timeout: 30_000 }, () => {
  it("end_call during a hung transcription: the call ends, and the caller's last line is kept", async () => {
    const chaos = new ChaosAi().fail(MODELS.whisper, "hang");
    const { socket, callId } = await chaosCall(chaos);
    await say(socket, "audio");
    await new Promise((r) => setTimeout(r, 300)); // the turn has ended; its transcription hangs
    socket.send({ type: "end_call" });
    await socket.next("call_ended", 15_000);
    expect(chaos.calls.find((c) => c.model === MODELS.whisper)?.signal?.aborted).toBe(true);
    expect(await callRow(callId)).toMatchObject({ status: "completed" });
    const stored = await d1Transcript(callId);
    expect(stored.map((e) => [e.speaker, e.text])).toEqual([["caller", expect.stringMatching(/^\[speech, \d\.\d s\]$/)]]);
  });
});
