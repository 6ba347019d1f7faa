// Streaming speech-to-text on a real /ws/call call: the call's provider is the real Workers AI provider
// with Flux selected, on a binding whose `@cf/deepgram/flux` is the stand-in speaking Flux's WebSocket
// protocol (support/flux-ai.ts) and whose other models are the chaos stand-in answering normally. The
// caller's words come from the stream, the reply is heard, the stored turn says "stream"; when the stream
// errors or can't connect, Whisper + the VAD hear the caller instead and the call goes on.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import type { CallSession } from "../../../worker/call/CallSession";
import { concatPcm } from "../../../worker/audio/pcm";
import { WorkersAiProvider } from "../../../worker/ai/workers-ai/provider";
import { default as helloWav } from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, silence, streamAudio } from "../support/audio";
import { callRow, callStub, d1Transcript, startTestCall } from "../support/call";
import { ChaosAi } from "../support/chaos-ai";
import { FluxStandIn, type FluxFault } from "../support/flux-ai";

type Msg = Record<string, unknown> & { type?: string };
type EntryMsg = { text: string; entry: TranscriptEntry; final?: boolean };
const REPLY = "Of course. I am right here with you.";
const WORDS = "Hello, can you hear me?";

async function fluxCall(...faults: FluxFault[]) {
  const flux = new FluxStandIn({ transcripts: [WORDS] }, new ChaosAi().binding).fail(...faults);
  const call = await startTestCall();
  await runInDurableObject(callStub(call.callId), (instance: CallSession) => instance.useProvider(new WorkersAiProvider(flux.binding, { stt: "flux" })));
  return { flux, ...call };
}

const speech = () => concatPcm([pcmFromWavDataUrl(helloWav), silence(800)]);

describe("a browser call with Flux streaming speech-to-text", { timeout: 60_000 }, () => {
  it("hears the caller's words from the stream and answers out loud", async () => {
    const { socket, callId, flux } = await fluxCall();
    await streamAudio(socket, speech(), 8);
    const heard = await socket.next<EntryMsg>("transcription", 15_000);
    expect(heard.text).toBe(WORDS);
    const reply = await socket.next<EntryMsg & Msg>((m: Msg) => m.type === "ai_response" && m.final === true, 15_000);
    expect(reply.text).toBe(REPLY);
    expect(reply.entry.outcome).toMatchObject({ status: "ok", sttMode: "stream" });
    const audio = socket.all<{ entryId: string; data: string }>("audio_response").filter((a) => a.entryId === reply.entry.id);
    expect(audio.length).toBeGreaterThan(0);
    expect(audio[0]!.data.length).toBeGreaterThan(1000);

    // The stand-in got the call's 16 kHz audio over one session, with eager end of turn asked for.
    expect(flux.sessions).toHaveLength(1);
    expect(flux.sessions[0]!.inputs).toMatchObject({ encoding: "linear16", sample_rate: "16000", eager_eot_threshold: expect.any(String) });
    expect(flux.sessions[0]!.samples).toBeGreaterThan(16000);
    const events = flux.sessions[0]!.sent.map((m) => m.event ?? m.type);
    expect(events).toContain("EagerEndOfTurn");
    expect(events.indexOf("StartOfTurn")).toBeLessThan(events.indexOf("EndOfTurn"));

    socket.send({ type: "end_call" });
    await socket.next("call_ended", 10_000);
    expect(flux.sessions[0]!.closeStream).toBe(true);
    expect(await callRow(callId)).toMatchObject({ status: "completed" });
    const stored = await d1Transcript(callId);
    expect(stored.map((e) => [e.speaker, e.text])).toEqual([
      ["caller", WORDS],
      ["assistant", REPLY],
    ]);
  });

  it("skips messages of kinds it does not read (newer ones): the stream still decides the turns", async () => {
    const { socket } = await fluxCall("newer-kinds");
    await streamAudio(socket, speech(), 8);
    const heard = await socket.next<EntryMsg>("transcription", 15_000);
    expect(heard.text).toBe(WORDS);
    const reply = await socket.next<EntryMsg & Msg>((m: Msg) => m.type === "ai_response" && m.final === true, 15_000);
    expect(reply.entry.outcome).toMatchObject({ status: "ok", sttMode: "stream" });
    expect(reply.entry.outcome?.fallbacks).toBeUndefined();
    socket.send({ type: "end_call" });
    await socket.next("call_ended", 10_000);
  });

  const failures: Array<{ name: string; fault: FluxFault }> = [
    { name: "an Error message mid-call", fault: { errorAfter: 3 } },
    { name: "the socket closed mid-call", fault: { closeAfter: 3 } },
    { name: "a refused connection (3040)", fault: "refuse" },
    { name: "a stream that never answers (3 s without a message)", fault: "silent" },
  ];
  for (const f of failures) {
    it(`falls back to Whisper + VAD on ${f.name}: the caller is heard and answered`, async () => {
      const { socket, callId } = await fluxCall(f.fault);
      await streamAudio(socket, speech(), 8);
      const heard = await socket.next<EntryMsg>("transcription", 15_000);
      expect(heard.text).toBe("Can you hear me?"); // Whisper's words (the chaos stand-in), not the stream's
      const reply = await socket.next<EntryMsg & Msg>((m: Msg) => m.type === "ai_response" && m.final === true, 15_000);
      expect(reply.text).toBe(REPLY);
      expect(reply.entry.outcome).toMatchObject({ status: "ok", sttMode: "batch", fallbacks: ["stt:batch"] });
      expect(socket.all("error")).toEqual([]);
      socket.send({ type: "end_call" });
      await socket.next("call_ended", 10_000);
      expect(await callRow(callId)).toMatchObject({ status: "completed" });
      expect((await d1Transcript(callId)).map((e) => e.speaker)).toEqual(["caller", "assistant"]);
    });
  }
});
