// The voice loop over a real socket: spoken audio in, transcript + reply text + reply audio out, the call
// and its transcript (with per-turn latency) in D1; barge-in; typed input; periodic transcript sync.
import { env, exports } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_FRAME_BYTES, type TranscriptEntry } from "../../../protocol/call-messages";
import type { CallDetail } from "../../../protocol/call-history";
import { selectProvider } from "../../../worker/ai/select";
import { base64ToPcm16 } from "../../../protocol/pcm16";
import type { CallSession } from "../../../worker/call/CallSession";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import waitWav from "../../fixtures/speech-wait.wav?inline";
import { pcmFromWavDataUrl, streamAudio } from "../support/audio";
import { callRow, callStub, d1Transcript, startTestCall, totals } from "../support/call";
import { BriefProvider } from "../support/providers";

type Msg = Record<string, unknown> & { type?: string };
type EntryMsg = { text: string; entry: TranscriptEntry; final?: boolean };

const hello = pcmFromWavDataUrl(helloWav);
const wait = pcmFromWavDataUrl(waitWav);
const finalReply = (m: Msg) => m.type === "ai_response" && m.final === true;

describe("voice loop over /ws/call", { timeout: 40_000 }, () => {
  it("spoken audio → transcription → ai_response → audio_response → end_call → call_ended, all in D1", async () => {
    const { owner, echo, socket, callId } = await startTestCall();
    // The Echo greets the caller on pickup (as on the phone), before anything is said; speaking cuts it short.
    const greeting = await socket.next<EntryMsg>("ai_response", 8000);
    expect(greeting.entry.speaker).toBe("assistant");
    const notGreeting = (m: Msg) => (m.entry as TranscriptEntry | undefined)?.id !== greeting.entry.id;
    await streamAudio(socket, hello, 1); // real-time pace, 4096-sample frames

    const heard = await socket.next<EntryMsg>("transcription", 8000);
    expect(heard.entry).toMatchObject({ speaker: "caller", seq: greeting.entry.seq + 1, text: heard.text });
    // The offline provider never invents words: it reports how much speech it heard.
    expect(heard.text).toMatch(/speech|\d/i);
    // No words: the emotions are the voice's (its first turn, read against itself: calm).
    expect(heard.entry.emotionSource).toBe("voice");

    const sentence = await socket.next<EntryMsg>((m) => m.type === "ai_response" && notGreeting(m), 8000);
    expect(sentence.text.trim().length).toBeGreaterThan(3);
    expect(sentence.entry.speaker).toBe("assistant");
    const audio = await socket.next<{ data: string; sampleRate: number; entryId: string }>((m) => m.type === "audio_response" && m.entryId === sentence.entry.id, 8000);
    expect(audio.sampleRate).toBe(16000);
    const pcm = base64ToPcm16(audio.data);
    expect(pcm.length).toBeGreaterThan(1600);
    expect(pcm.some((s) => Math.abs(s) > 1000)).toBe(true); // audible, not silence

    for (const a of socket.all<{ data: string }>("audio_response")) expect(JSON.stringify(a).length).toBeLessThan(MAX_FRAME_BYTES);

    // Hanging up while the assistant speaks: the reply is kept as far as it was heard, marked interrupted.
    socket.send({ type: "end_call" });
    const done = await socket.next<EntryMsg>((m) => finalReply(m) && notGreeting(m), 10_000);
    expect(done.entry).toMatchObject({ id: sentence.entry.id, interrupted: true });
    expect(done.text).toBe(done.entry.text);
    const latency = done.entry.latency!;
    expect(latency.firstTokenMs).toBeGreaterThanOrEqual(latency.transcribeMs);
    expect(latency.firstAudioMs).toBeGreaterThanOrEqual(latency.firstTokenMs);
    expect(await socket.next("call_ended")).toMatchObject({ callId });

    expect(await callRow(callId)).toMatchObject({ status: "completed", end_reason: "caller_ended" });
    const stored = await d1Transcript(callId);
    expect(stored.map((e) => [e.id, e.speaker, e.text]).slice(-2)).toEqual([
      [heard.entry.id, "caller", heard.text],
      [done.entry.id, "assistant", done.entry.text],
    ]);
    expect(stored.at(-1)!.latency).toEqual(latency);
    expect(await totals(owner.user.id, echo.id)).toEqual({ user: 1, echo: 1 });

    // The calls API returns the transcript with the latency breakdown.
    const res = await exports.default.fetch(`https://echo.test/api/calls/${callId}`, { headers: owner.headers });
    const detail = (await res.json()) as CallDetail;
    expect(detail.transcript.map((e) => e.id)).toEqual([greeting.entry.id, heard.entry.id, done.entry.id]);
    expect(detail.transcript[2]!.latency).toEqual(latency);
    expect(detail.transcript[1]!.emotionSource).toBe("voice");
    expect(stored.find((e) => e.id === heard.entry.id)!.emotionSource).toBe("voice");
  });

  it("barge-in: speaking over the reply stops playback and stores the reply as interrupted", async () => {
    const { socket, callId } = await startTestCall();
    await streamAudio(socket, hello, 4);
    const first = await socket.next<EntryMsg>("ai_response", 8000);
    await socket.next("audio_response", 8000);

    await streamAudio(socket, wait, 1); // the caller talks over the assistant
    const stop = await socket.next<{ entryId: string }>("interrupt", 8000);
    expect(stop.entryId).toBe(first.entry.id);
    const cut = await socket.next<EntryMsg>(finalReply, 8000);
    expect(cut.entry).toMatchObject({ id: first.entry.id, interrupted: true });
    const second = await socket.next<EntryMsg>("transcription", 8000);
    expect(second.entry.seq).toBeGreaterThan(cut.entry.seq);

    socket.send({ type: "end_call" });
    await socket.next("call_ended", 10_000);
    const stored = await d1Transcript(callId);
    const interrupted = stored.find((e) => e.id === first.entry.id)!;
    expect(interrupted.interrupted).toBe(true);
    expect(interrupted.text).toBe(cut.entry.text);
    expect(stored.filter((e) => e.speaker === "caller").length).toBeGreaterThanOrEqual(2);
  });

  it("typed input is answered in full; the transcript reaches D1 by the sync alarm while the call runs", async () => {
    const { socket, callId } = await startTestCall();
    await runInDurableObject(callStub(callId), (instance: CallSession) => instance.useProvider(new BriefProvider(selectProvider(env))));
    socket.send({ type: "text_input", text: "I feel a bit anxious about my exam tomorrow." });
    const heard = await socket.next<EntryMsg>("transcription", 5000);
    expect(heard.entry).toMatchObject({ speaker: "caller", text: "I feel a bit anxious about my exam tomorrow." });
    expect(heard.entry.emotions.fear).toBeGreaterThan(0);
    expect(heard.entry.emotionSource).toBe("words");
    const sentence = await socket.next<EntryMsg>("ai_response", 5000);
    await socket.next("audio_response", 5000);
    const done = await socket.next<EntryMsg>(finalReply, 15_000);
    expect(done.entry).toMatchObject({ id: sentence.entry.id, speaker: "assistant" });
    expect(done.entry.interrupted).toBeFalsy();
    expect(done.text).toBe(sentence.text);
    expect(done.entry.latency?.firstAudioMs).toBeGreaterThanOrEqual(0);

    expect(await runDurableObjectAlarm(callStub(callId))).toBe(true);
    const synced = await d1Transcript(callId);
    expect(synced.map((e) => [e.id, e.text, e.interrupted])).toEqual([
      [heard.entry.id, heard.text, false],
      [done.entry.id, done.entry.text, false],
    ]);
    expect(synced[0]!.emotionSource).toBe("words");
    expect(synced[1]!.latency).toEqual(done.entry.latency);
    expect((await callRow(callId))?.status).toBe("in-progress");

    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    expect(await callRow(callId)).toMatchObject({ status: "completed" });
  });
});
