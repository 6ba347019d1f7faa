// The viewer fan-out of a live call over real sockets: backlog first, every entry once and in order,
// the end, audio for listeners only, bad viewer input, and viewers that never slow the caller.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { serverMessages } from "../../../protocol/call-messages";
import { readFrame } from "../../../protocol/frame";
import { PING_FRAME } from "../../../protocol/heartbeat";
import { type LiveCallState, viewerServerMessages } from "../../../protocol/live";
import { CLOSE_PROTOCOL_VERSION, PROTOCOL_VERSION_ERROR_CODE } from "../../../protocol/version";
import { pcm16ToBase64 } from "../../../protocol/pcm16";
import { selectProvider } from "../../../worker/ai/select";
import type { CallSession } from "../../../worker/call/CallSession";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, streamAudio } from "../support/audio";
import { callStub, d1Transcript, eventually, startTestCall } from "../support/call";
import { entriesUntilEnd, invite, say, startBriefCall, tapAudio, viewer } from "../support/live";
import { HeldProvider } from "../support/providers";
import { createUser } from "../support/users";
import { openSocket } from "../support/ws";

type Snapshot = { call: LiveCallState; entries: TranscriptEntry[] };
const hello = pcmFromWavDataUrl(helloWav);
const pick = (e: TranscriptEntry) => ({ id: e.id, seq: e.seq, speaker: e.speaker, text: e.text, emotions: e.emotions });

describe("viewer fan-out", { timeout: 60_000 }, () => {
  it("gives a late viewer the whole backlog, then the live rest", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const first = await say(socket, "Good morning, I slept really well.");
    const second = await say(socket, "What should I cook tonight?");

    const late = await viewer(callId, owner);
    const snap = await late.next<Snapshot>("live_snapshot");
    expect(snap.entries.map(pick)).toEqual([first.heard, first.reply, second.heard, second.reply].map(pick));
    expect(snap.entries[0]!.emotions.joy).toBeGreaterThan(0);

    const third = await say(socket, "Thanks, that sounds lovely.");
    const live = await late.next<{ entry: TranscriptEntry }>("live_entry");
    expect(pick(live.entry)).toEqual(pick(third.heard));
    expect(pick((await late.next<{ entry: TranscriptEntry }>("live_entry")).entry)).toEqual(pick(third.reply));

    socket.send({ type: "end_call" });
    const ended = await late.next<{ status: string; reason: string; endTime: number }>("live_ended");
    expect(ended).toMatchObject({ status: "completed", reason: "caller_ended" });
    expect(ended.endTime).toBeGreaterThanOrEqual(snap.call.startTime);
    expect(await late.closed).toMatchObject({ code: 1000 });
  });

  it("delivers every entry to every viewer exactly once and in call order", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const guest = await createUser();
    await invite(owner, callId, guest.user.email);
    const viewers = [await viewer(callId, owner), await viewer(callId, guest), await viewer(callId, guest), await viewer(callId, owner)];
    for (const v of viewers) expect((await v.next<Snapshot>("live_snapshot")).entries).toEqual([]);

    const lines = ["I am a little nervous about tomorrow.", "My interview is at nine.", "Any tips for staying calm?", "Great, thank you!"];
    for (const line of lines) await say(socket, line);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");

    const stored = await d1Transcript(callId);
    expect(stored).toHaveLength(lines.length * 2);
    expect(stored.filter((e) => e.speaker === "caller").map((e) => e.text)).toEqual(lines);
    for (const v of viewers) {
      const got = await entriesUntilEnd(v);
      expect(got.map(pick)).toEqual(stored.map(pick));
      expect(new Set(got.map((e) => e.id)).size).toBe(got.length);
      await v.closed;
    }
  });

  it("a viewer that never reads or vanishes does not hold up the caller or the other viewers", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const guests = [await createUser(), await createUser()];
    for (const g of guests) await invite(owner, callId, g.user.email);
    const people = [owner, ...guests]; // at most 50 viewers per user
    // 123 viewers (more than one delivery slice): one never accepts its socket (never reads a byte), two
    // are closed abruptly.
    const silent = await openSocket(`/ws/live/${callId}`, { cookie: owner.cookie });
    expect(silent.response.status).toBe(101);
    const readers = await Promise.all(Array.from({ length: 120 }, (_, i) => viewer(callId, people[i % 3]!)));
    const gone = await Promise.all([viewer(callId, owner), viewer(callId, owner)]);
    for (const g of gone) g.ws.close(1001, "tab closed");
    // A big transcript makes the never-read backlog grow with every turn.
    for (let i = 0; i < 5; i++) {
      const { heard, reply } = await say(socket, `Turn ${i}: ${"tell me more about the sea. ".repeat(20)}`);
      expect(heard.text).toContain(`Turn ${i}:`);
      expect(reply).toMatchObject({ speaker: "assistant", seq: heard.seq + 1 });
      expect(reply.text.length).toBeGreaterThan(3);
    }
    socket.send({ type: "end_call" });
    expect(await socket.next("call_ended")).toMatchObject({ callId });
    for (const r of readers) {
      const got = await entriesUntilEnd(r);
      expect(got.filter((e) => e.speaker === "caller").map((e) => e.text.slice(0, 7))).toEqual(["Turn 0:", "Turn 1:", "Turn 2:", "Turn 3:", "Turn 4:"]);
      expect(got).toHaveLength(10);
    }
  });

  it("sends call audio only to viewers that asked to listen, as caller and assistant frames", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const listener = await viewer(callId, owner);
    const watcher = await viewer(callId, owner);
    const heardByListener = tapAudio(listener);
    const heardByWatcher = tapAudio(watcher);
    await listener.next("live_snapshot");
    listener.send({ type: "listen", on: true });
    expect(await listener.next("listening")).toEqual({ type: "listening", on: true });

    const pcm = Int16Array.from({ length: 1600 }, (_, i) => Math.round(8000 * Math.sin(i / 5)));
    socket.send({ type: "audio_data", data: pcm16ToBase64(pcm), timestamp: Date.now() });
    await say(socket, "Please say something nice.");
    expect(socket.received.some((m) => m.type === "audio_response")).toBe(true);

    const caller = heardByListener.filter((f) => f.speaker === "caller");
    expect(caller[0]).toMatchObject({ sampleRate: 16000 });
    expect(Array.from(caller[0]!.pcm)).toEqual(Array.from(pcm));
    const assistant = heardByListener.filter((f) => f.speaker === "assistant");
    expect(assistant.length).toBeGreaterThan(0);
    expect(assistant.every((f) => f.pcm.length > 0 && f.pcm.length <= 16_000)).toBe(true);
    expect(assistant.some((f) => f.pcm.some((s) => Math.abs(s) > 500))).toBe(true); // a voice, not silence
    expect(heardByWatcher).toEqual([]);

    // Off again: no more audio for it.
    listener.send({ type: "listen", on: false });
    await listener.next((m) => m.type === "listening" && m.on === false);
    const before = heardByListener.length;
    socket.send({ type: "audio_data", data: pcm16ToBase64(pcm), timestamp: Date.now() });
    await say(socket, "And once more.");
    expect(heardByListener.length).toBe(before);
    socket.send({ type: "end_call" });
    await listener.next("live_ended");
  });

  it("sends the caller and every viewer only messages of the shared schemas (what the SPA parses with)", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const v = await viewer(callId, owner);
    await v.next("live_snapshot");
    v.send({ type: "listen", on: false }); // (audio frames are binary: tested below)
    await v.next("listening");
    v.send(PING_FRAME);
    socket.send(PING_FRAME);
    await say(socket, "Tell me something nice.");
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    await v.next("live_ended");
    const types = (readAs: (frame: string) => { ok: boolean }, got: Record<string, unknown>[]) =>
      got.map((m) => {
        const read = readAs(JSON.stringify(m));
        expect(read, JSON.stringify(m).slice(0, 200)).toMatchObject({ ok: true });
        return m.type;
      });
    expect(new Set(types((f) => readFrame(serverMessages, f), socket.received))).toEqual(new Set(["call_started", "pong", "transcription", "ai_response", "audio_response", "call_ended"]));
    expect(new Set(types((f) => readFrame(viewerServerMessages, f), v.received))).toEqual(new Set(["live_snapshot", "listening", "pong", "live_entry", "live_ended"]));
  });

  it("refuses a viewer of another protocol version with live_error and a readable close", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const { response, socket: v } = await openSocket(`/ws/live/${callId}`, { cookie: owner.cookie, protocolVersion: "0" });
    expect(response.status).toBe(101);
    const err = await v!.next<{ code: string; error: string }>("live_error");
    expect(err).toEqual({ type: "live_error", code: PROTOCOL_VERSION_ERROR_CODE, error: expect.stringMatching(/^Protocol version 0 is not supported.*Reload the page\.$/) });
    expect(await v!.closed).toEqual({ code: CLOSE_PROTOCOL_VERSION, reason: err.error });
    expect(v!.all("live_snapshot")).toEqual([]);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("refuses bad viewer messages with a clear error and keeps the socket", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const v = await viewer(callId, owner);
    await v.next("live_snapshot");
    const bad: [string | ArrayBuffer, string][] = [
      ["{nope", "invalid-json"],
      [JSON.stringify({ type: "dance" }), "unknown-type"],
      [JSON.stringify({ hello: 1 }), "invalid-message"], // no type: the call socket's code (one shared reader, protocol/frame.ts)
      [JSON.stringify({ type: "listen", on: "yes" }), "invalid-message"],
      [JSON.stringify({ type: "listen", on: true, pad: "x".repeat(2000) }), "frame-too-large"],
      [new Uint8Array([1, 2, 3]).buffer, "binary-frame"], // as on the call socket
    ];
    for (const [frame, code] of bad) {
      v.ws.send(frame);
      const err = await v.next<{ code: string; error: string }>("live_error");
      expect(err.code).toBe(code);
      expect(err.error.length).toBeGreaterThan(5);
    }
    v.send({ type: "ping" });
    expect(await v.next("pong")).toEqual({ type: "pong" });
    // Viewers cannot speak for the caller.
    v.send({ type: "text_input", text: "I am not the caller" });
    expect(await v.next("live_error")).toMatchObject({ code: "unknown-type" });
    expect(socket.received.some((m) => m.type === "transcription")).toBe(false);
    socket.send({ type: "end_call" });
    await v.next("live_ended");
  });

  it("a viewer who joins while the call is still ending gets its last lines, then the end", async () => {
    const { owner, socket, callId } = await startTestCall();
    const held = new HeldProvider(selectProvider(env), "transcribe");
    await runInDurableObject(callStub(callId), (instance: CallSession) => instance.useProvider(held));
    await streamAudio(socket, hello, 4);
    socket.send({ type: "end_call" });
    // The call is ending: its last turn's speech-to-text is under way (held).
    await eventually(async () => held.held > 0);

    const late = await viewer(callId, owner);
    const snap = await late.next<Snapshot>("live_snapshot");
    expect(snap.call.phase).toBe("ended");
    expect(snap.entries.filter((e) => e.speaker === "caller")).toEqual([]);
    await runInDurableObject(callStub(callId), () => held.release()); // the held promises are the object's
    const last = await late.next<{ entry: TranscriptEntry }>("live_entry");
    expect(last.entry).toMatchObject({ speaker: "caller", seq: 1 });
    expect(await late.next("live_ended", 15_000)).toMatchObject({ status: "completed", reason: "caller_ended" });
    expect(await late.closed).toMatchObject({ code: 1000 });
    expect((await d1Transcript(callId)).map(pick)).toContainEqual(pick(last.entry));
  });

  it("shows an ended call as ended and closes", async () => {
    const { owner, socket, callId } = await startBriefCall();
    const { heard } = await say(socket, "Short call today.");
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    const v = await viewer(callId, owner);
    const snap = await v.next<Snapshot>("live_snapshot");
    expect(snap.call).toMatchObject({ phase: "ended", status: "completed", endReason: "caller_ended" });
    expect(snap.entries[0]!.text).toBe(heard.text);
    expect(await v.next("live_ended")).toMatchObject({ status: "completed" });
    expect(await v.closed).toMatchObject({ code: 1000 });
  });
});
