// Call recordings: written to R2 while browser and phone calls run, read back as WAV with byte ranges
// by the owner (and invited participants) only, kept after an abrupt end, deletable by the owner,
// removed by the retention job; phone callers hear the consent notice only when recording is on.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, evictDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CallDetail } from "../../../protocol/call-history";
import { parseWav } from "../../../worker/audio/wav";
import { listChunks, putChunk } from "../../../worker/recordings/objects";
import worker from "../../../worker/index";
import { deleteExpiredRecordings } from "../../../worker/recordings/retention";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, silence, streamAudio } from "../support/audio";
import { callRow, callStub, d1Transcript, eventually } from "../support/call";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { api, finalReply, invite, startBriefCall, type EntryMsg } from "../support/live";
import { getRecording, peak, recordingStartedAt } from "../support/recordings";
import { createUser, type TestUser } from "../support/users";

const hello = pcmFromWavDataUrl(helloWav);
const DAY = 86_400_000;

describe("recording a browser call", { timeout: 60_000 }, () => {
  it("keeps the call as heard in R2; the owner and a participant read it with ranges, anyone else gets 404", async () => {
    const call = await startBriefCall();
    const guest = await createUser();
    expect((await invite(call.owner, call.callId, guest.user.email)).status).toBe(201);
    const stranger = await createUser();

    await streamAudio(call.socket, hello, 4);
    await streamAudio(call.socket, silence(1500), 4);
    const heard = await call.socket.next<EntryMsg>("transcription", 15_000);
    const reply = await call.socket.next<EntryMsg>(finalReply, 20_000);
    await streamAudio(call.socket, silence(3000), 2); // the reply plays while the caller listens
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended", 10_000);
    await eventually(async () => (await recordingStartedAt(call.callId)) !== null);

    // Each entry knows where it starts in the recording: the caller spoke first, the reply came after.
    const entries = await (await api(call.owner, "GET", `/api/calls/${call.callId}`)).json<CallDetail>();
    expect(entries.recording).toEqual({ url: `/api/calls/${call.callId}/recording`, startedAt: expect.any(Number) });
    const callerEntry = entries.transcript.find((e) => e.id === heard.entry.id)!;
    const replyEntry = entries.transcript.find((e) => e.id === reply.entry.id)!;
    expect(callerEntry.audioOffsetMs).toBeGreaterThanOrEqual(0);
    expect(replyEntry.audioOffsetMs!).toBeGreaterThan(callerEntry.audioOffsetMs!);

    const whole = await getRecording(call.owner, call.callId);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(Number(whole.headers.get("content-length"))).toBe(bytes.length);
    const wav = parseWav(bytes);
    expect(wav.sampleRate).toBe(16000);
    // At least the caller's audio, all of it, and the reply's audio in it.
    expect(wav.samples.length).toBeGreaterThanOrEqual(hello.length);
    const callerPart = wav.samples.subarray((callerEntry.audioOffsetMs! * 16) | 0, ((callerEntry.audioOffsetMs! * 16) | 0) + hello.length);
    expect(peak(callerPart)).toBeGreaterThan(1000);
    const replyStart = (replyEntry.audioOffsetMs! * 16) | 0;
    expect(peak(wav.samples.subarray(replyStart, replyStart + 8000))).toBeGreaterThan(500);

    // A range answers 206 with exactly those bytes.
    const part = await getRecording(call.owner, call.callId, "bytes=1000-4999");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-4999/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(1000, 5000));
    expect(part.headers.get("content-length")).toBe("4000");
    // Safari opens a media element with a two-byte probe and plays only after a 206 naming the length.
    const probe = await getRecording(call.owner, call.callId, "bytes=0-1");
    expect(probe.status).toBe(206);
    expect(probe.headers.get("content-range")).toBe(`bytes 0-1/${bytes.length}`);
    expect(probe.headers.get("content-length")).toBe("2");
    expect(probe.headers.get("accept-ranges")).toBe("bytes");
    expect(probe.headers.get("content-type")).toBe("audio/wav");
    expect(new Uint8Array(await probe.arrayBuffer())).toEqual(bytes.subarray(0, 2));
    const open = await getRecording(call.owner, call.callId, "bytes=100-");
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 100-${bytes.length - 1}/${bytes.length}`);
    expect(open.headers.get("content-length")).toBe(String(bytes.length - 100));
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.subarray(100));
    const tail = await getRecording(call.owner, call.callId, "bytes=-100");
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 100));
    const beyond = await getRecording(call.owner, call.callId, `bytes=${bytes.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);

    expect((await getRecording(guest, call.callId, "bytes=0-43")).status).toBe(206);
    const denied = await getRecording(stranger, call.callId);
    expect(denied.status).toBe(404);
    expect(await denied.text()).not.toContain("RIFF");
  });

  it("a call ended as the caller speaks: their last words, stored as it ends, have their place in the recording", async () => {
    const call = await startBriefCall();
    await streamAudio(call.socket, hello.subarray(0, 32000), 4); // its first 2 s: still speaking
    call.socket.send({ type: "end_call" }); // mid-turn: no pause yet, so the turn is taken as the call ends
    const last = await call.socket.next<EntryMsg>("transcription", 15_000);
    await call.socket.next("call_ended", 15_000);
    await eventually(async () => (await recordingStartedAt(call.callId)) !== null);
    const detail = await (await api(call.owner, "GET", `/api/calls/${call.callId}`)).json<CallDetail>();
    const entry = detail.transcript.find((e) => e.id === last.entry.id)!;
    expect(entry.audioOffsetMs).not.toBeNull();
    const wav = parseWav(new Uint8Array(await (await getRecording(call.owner, call.callId)).arrayBuffer()));
    const at = (entry.audioOffsetMs! * 16) | 0;
    expect(peak(wav.samples.subarray(at, at + 32000))).toBeGreaterThan(1000);
  });

  it("a call ended while the Echo speaks: the recording stops where the call did, without the reply's unheard rest", async () => {
    const call = await startBriefCall();
    await streamAudio(call.socket, hello, 4);
    // The pause goes at the pace it is heard (the recording's timeline follows the caller's audio).
    const pause = streamAudio(call.socket, silence(3000), 1).catch(() => {}); // it stops when the call's socket closes
    const sentence = await call.socket.next<{ type: string; data: string; sampleRate: number }>("audio_response", 20_000);
    // The reply's first sentence has begun to play: a little of it is heard (ended at once, a loaded
    // machine could end the call on the timeline a hair before the reply's start).
    await new Promise((resolve) => setTimeout(resolve, 150));
    call.socket.send({ type: "end_call" });
    await pause;
    await call.socket.next("call_ended", 15_000);
    await eventually(async () => (await recordingStartedAt(call.callId)) !== null);
    const detail = await (await api(call.owner, "GET", `/api/calls/${call.callId}`)).json<CallDetail>();
    const reply = detail.transcript.filter((e) => e.speaker === "assistant").at(-1)!;
    const sentenceMs = (atob(sentence.data).length / 2 / sentence.sampleRate) * 1000;
    expect(sentenceMs).toBeGreaterThan(1000);
    const wav = parseWav(new Uint8Array(await (await getRecording(call.owner, call.callId)).arrayBuffer()));
    const recordingMs = wav.samples.length / 16;
    // The reply's audio starts in it; the rest of that sentence, never heard, is not there.
    expect(recordingMs).toBeGreaterThan(reply.audioOffsetMs!);
    expect(recordingMs).toBeLessThan(reply.audioOffsetMs! + sentenceMs - 500);
  });

  it("a call whose object dies mid-way keeps its audio up to the last chunk", async () => {
    const call = await startBriefCall();
    await streamAudio(call.socket, hello, 4);
    await streamAudio(call.socket, silence(6000), 4);
    // The first chunk (5 s) is stored while the call runs…
    await eventually(async () => (await recordingStartedAt(call.callId)) !== null);
    await evictDurableObject(callStub(call.callId)); // all memory gone
    call.socket.close(); // …and the caller vanishes without end_call
    await eventually(async () => (await callRow(call.callId))?.status === "abandoned");
    const res = await getRecording(call.owner, call.callId);
    expect(res.status).toBe(200);
    const wav = parseWav(new Uint8Array(await res.arrayBuffer()));
    expect(wav.samples.length).toBeGreaterThanOrEqual(5 * 16000);
    expect(peak(wav.samples.subarray(0, hello.length + 16000))).toBeGreaterThan(1000);
  });

  it("is not made when the Echo's recording switch is off", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id, { recordCalls: false });
    const call = await startBriefCall({ owner, echo });
    await streamAudio(call.socket, hello, 4);
    await streamAudio(call.socket, silence(6000), 4);
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended", 10_000);
    expect(await recordingStartedAt(call.callId)).toBeNull();
    expect(await listChunks(env.RECORDINGS!, call.callId)).toEqual([]);
    expect((await getRecording(owner, call.callId)).status).toBe(404);
  });
});

describe("deleting and expiring recordings", () => {
  async function recordedCall(owner: TestUser, startedAt: number) {
    const row = await createCall(owner.user.id, { startTime: startedAt, recordingStartedAt: startedAt }, [{ text: "Hello." }, { text: "Hi there." }]);
    await putChunk(env.RECORDINGS!, row.id, 0, new Int16Array(16000).fill(1000));
    await putChunk(env.RECORDINGS!, row.id, 1, new Int16Array(8000).fill(-1000));
    return row;
  }

  it("the owner deletes a recording; the transcript stays; nobody else can", async () => {
    const owner = await createUser();
    const other = await createUser();
    const row = await recordedCall(owner, Date.now() - 60_000);
    const wav = parseWav(new Uint8Array(await (await getRecording(owner, row.id)).arrayBuffer()));
    expect(wav.samples.length).toBe(24000);

    expect((await api(other, "DELETE", `/api/calls/${row.id}/recording`)).status).toBe(404);
    expect((await getRecording(owner, row.id)).status).toBe(200);

    expect((await api(owner, "DELETE", `/api/calls/${row.id}/recording`)).status).toBe(204);
    expect((await getRecording(owner, row.id)).status).toBe(404);
    expect(await listChunks(env.RECORDINGS!, row.id)).toEqual([]);
    const detail = await (await api(owner, "GET", `/api/calls/${row.id}`)).json<CallDetail>();
    expect(detail.recording).toBeNull();
    expect(detail.transcript.map((e) => e.text)).toEqual(["Hello.", "Hi there."]);
  });

  it("a recording is not deleted while its call is still in progress (409: it would go on being written)", async () => {
    const owner = await createUser();
    const row = await createCall(owner.user.id, { status: "in-progress", endTime: null, duration: null, endReason: null, recordingStartedAt: Date.now() - 10_000 });
    await putChunk(env.RECORDINGS!, row.id, 0, new Int16Array(16000).fill(1000));
    const res = await api(owner, "DELETE", `/api/calls/${row.id}/recording`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "call-in-progress" } });
    expect((await getRecording(owner, row.id)).status).toBe(200);
    expect(await listChunks(env.RECORDINGS!, row.id)).toHaveLength(1);
  });

  it("the scheduled job deletes recordings older than the retention period (90 days) and keeps newer ones", async () => {
    const owner = await createUser();
    const old = await recordedCall(owner, Date.now() - 91 * DAY);
    const recent = await recordedCall(owner, Date.now() - 89 * DAY);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "30 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await listChunks(env.RECORDINGS!, old.id)).toEqual([]);
    expect(await recordingStartedAt(old.id)).toBeNull();
    expect(await d1Transcript(old.id)).toHaveLength(2);
    expect(await listChunks(env.RECORDINGS!, recent.id)).toHaveLength(2);
    expect((await getRecording(owner, recent.id)).status).toBe(200);
  });

  it("a run goes on batch after batch until every expired recording is gone; one that fails holds up none of the others", async () => {
    const owner = await createUser();
    const olds = [];
    for (let i = 0; i < 5; i++) olds.push(await recordedCall(owner, Date.now() - (91 + i) * DAY));
    const stuck = olds[4]!; // the oldest: first in every batch
    const bucket = env.RECORDINGS!;
    const failing = new Proxy(bucket, {
      get(target, prop) {
        if (prop === "delete") return (keys: string | string[]) => ([keys].flat().some((k) => k.includes(stuck.id)) ? Promise.reject(new Error("R2 unavailable (503)")) : target.delete(keys));
        const value: unknown = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const result = await deleteExpiredRecordings({ ...env, RECORDINGS: failing }, Date.now(), 2);
    expect(result.failed).toEqual([stuck.id]);
    expect(new Set(result.deleted)).toEqual(new Set(olds.slice(0, 4).map((c) => c.id)));
    for (const c of olds.slice(0, 4)) expect(await listChunks(bucket, c.id)).toEqual([]);
    expect(await listChunks(bucket, stuck.id)).toHaveLength(2);
  });
});
