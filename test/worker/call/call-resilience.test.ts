// A call survives its Durable Object being evicted mid-call (no stored entry lost, the call still
// finalizes) and AI provider failures (an `error` message, then the call goes on).
import { env } from "cloudflare:workers";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { selectProvider } from "../../../worker/ai/select";
import type { CallSession } from "../../../worker/call/CallSession";
import { callRow, callStub, d1Transcript, startTestCall } from "../support/call";
import { BriefProvider, OutageProvider } from "../support/providers";

type Msg = Record<string, unknown> & { type?: string };
type EntryMsg = { text: string; entry: TranscriptEntry; final?: boolean };
const finalReply = (m: Msg) => m.type === "ai_response" && m.final === true;

describe("object restart mid-call", { timeout: 40_000 }, () => {
  it("loses no stored entry, continues the conversation and still finalizes", async () => {
    const { socket, callId } = await startTestCall();
    const stub = callStub(callId);
    await runInDurableObject(stub, (instance: CallSession) => instance.useProvider(new BriefProvider(selectProvider(env))));
    socket.send({ type: "text_input", text: "Hello there, I had a good day." });
    const firstCaller = await socket.next<EntryMsg>("transcription", 5000);
    const firstReply = await socket.next<EntryMsg>(finalReply, 15_000);

    await evictDurableObject(stub); // hibernates the socket, drops all memory
    expect(socket.isClosed).toBe(false);

    socket.send({ type: "text_input", text: "Tell me something calming." });
    const secondCaller = await socket.next<EntryMsg>("transcription", 5000);
    expect(secondCaller.entry.seq).toBe(firstReply.entry.seq + 1);
    const partial = await socket.next<EntryMsg>("ai_response", 5000); // the reply, from the stored history
    await socket.next("audio_response", 5000);

    socket.send({ type: "end_call" }); // while the restarted conversation is speaking
    const cut = await socket.next<EntryMsg>(finalReply, 10_000);
    expect(cut.entry).toMatchObject({ id: partial.entry.id, seq: partial.entry.seq, interrupted: true });
    await socket.next("call_ended", 10_000);
    expect(await callRow(callId)).toMatchObject({ status: "completed" });
    expect((await d1Transcript(callId)).map((e) => [e.seq, e.id, e.speaker, e.text])).toEqual(
      [firstCaller.entry, firstReply.entry, secondCaller.entry, cut.entry].map((e) => [e.seq, e.id, e.speaker, e.text]),
    );
  });
});

describe("provider errors", { timeout: 30_000 }, () => {
  for (const failing of ["reply", "synthesize", "transcribe"] as const) {
    it(`a failing ${failing} becomes an error message and the call goes on`, async () => {
      const { socket, callId } = await startTestCall();
      await runInDurableObject(callStub(callId), (instance: CallSession) => {
        instance.useProvider(new OutageProvider(new BriefProvider(selectProvider(env)), failing, 1));
      });
      if (failing === "transcribe") {
        const { pcmFromWavDataUrl, streamAudio } = await import("../support/audio");
        const { default: helloWav } = await import("../../fixtures/speech-hello.wav?inline");
        await streamAudio(socket, pcmFromWavDataUrl(helloWav), 8);
      } else {
        socket.send({ type: "text_input", text: "Are you there?" });
      }
      const err = await socket.next<{ error: string; code: string }>("error", 10_000);
      expect(err.error).toMatch(/unavailable \(503\)/);
      expect(err.code).toMatch(/failed/);

      socket.send({ type: "text_input", text: "Let's try again." });
      await socket.next(finalReply, 20_000);
      expect(socket.isClosed).toBe(false);
      socket.send({ type: "end_call" });
      await socket.next("call_ended", 10_000);
      expect(await callRow(callId)).toMatchObject({ status: "completed" });
    });
  }
});
