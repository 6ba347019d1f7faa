// Server → client messages of the three sockets, read the way the SPA reads them (protocol/frame.ts with
// each socket's reader). These assertions come from the hand-written parsers they replace:
// web/testcall/serverMessage.ts, web/live/viewerMessages.ts's parseViewerMessage and
// web/lib/feed.ts's parseFeedMessage (a null there is `ok: false` here).
import { describe, expect, it } from "vitest";
import { serverMessages } from "../../../protocol/call-messages";
import { feedServerMessages } from "../../../protocol/feed";
import { type FrameResult, readFrame } from "../../../protocol/frame";
import { PONG_FRAME } from "../../../protocol/heartbeat";
import { viewerServerMessages } from "../../../protocol/live";
import { OFFLINE_ENGINES } from "../../web/support/engines";
import { liveCall } from "../support/live-call";

const entry = { id: "e1", seq: 1, speaker: "caller", text: "hey", timestamp: 1, emotions: { joy: 0.5 } };
const message = <T>(r: FrameResult<T>): T | null => (r.ok ? r.message : null);
const call = (frame: unknown) => message(readFrame(serverMessages, frame));
const viewer = (frame: unknown) => message(readFrame(viewerServerMessages, frame));
const feed = (frame: unknown) => message(readFrame(feedServerMessages, frame));

describe("/ws/call server messages", () => {
  it("reads the spec's messages", () => {
    expect(call(JSON.stringify({ type: "transcription", text: "hey", entry }))).toEqual({ type: "transcription", text: "hey", entry });
    expect(call(JSON.stringify({ type: "ai_response", text: "Hello" }))).toEqual({ type: "ai_response", text: "Hello" });
    expect(call(JSON.stringify({ type: "error", error: "boom" }))).toEqual({ type: "error", error: "boom" });
    expect(call(JSON.stringify({ type: "call_ended" }))).toEqual({ type: "call_ended" });
    expect(call(PONG_FRAME)).toEqual({ type: "pong" });
  });

  it("reads call_started with the provider and which engine runs each stage, and refuses one without them", () => {
    const started = { type: "call_started", callId: "c1", echoName: "Sunny", provider: "mixed", engines: OFFLINE_ENGINES };
    expect(call(JSON.stringify(started))).toEqual(started);
    expect(call(JSON.stringify({ ...started, provider: "openai" }))).toEqual({ ...started, provider: "openai" });
    expect(call(JSON.stringify({ ...started, provider: "gpt" }))).toBeNull();
    expect(call(JSON.stringify({ ...started, engines: undefined }))).toBeNull();
    expect(call(JSON.stringify({ ...started, engines: { ...OFFLINE_ENGINES, summary: 3 } }))).toBeNull();
  });

  it("defaults audio to 16 kHz", () => {
    expect(call(JSON.stringify({ type: "audio_response", data: "AAA=" }))).toEqual({ type: "audio_response", data: "AAA=", sampleRate: 16000 });
    expect(call(JSON.stringify({ type: "audio_response", data: "AAA=", sampleRate: -5 }))).toEqual({ type: "audio_response", data: "AAA=", sampleRate: 16000 });
    expect(call(JSON.stringify({ type: "audio_response", data: "AAA=", sampleRate: 8000, entryId: "a1" }))).toEqual({ type: "audio_response", data: "AAA=", sampleRate: 8000, entryId: "a1" });
  });

  it("ignores junk, unknown types and messages missing what the UI needs", () => {
    for (const frame of ["not json", "[]", "null", JSON.stringify({ type: "nope" }), JSON.stringify({ type: "error" }), JSON.stringify({ type: "transcription", text: "x", entry: { ...entry, speaker: "robot" } })]) {
      expect(call(frame)).toBeNull();
    }
    expect(call(new ArrayBuffer(4))).toBeNull();
  });

  it("drops a malformed entry on ai_response but keeps the text", () => {
    expect(call(JSON.stringify({ type: "ai_response", text: "ok", entry: { id: 3 } }))).toEqual({ type: "ai_response", text: "ok" });
  });

  it("refuses wrong field types, oversized and garbage frames with a readable reason", () => {
    const cases: [unknown, string, RegExp][] = [
      [JSON.stringify({ type: "call_started", callId: 7, echoName: "Sage", provider: "offline" }), "invalid-message", /call_started message: callId/],
      [JSON.stringify({ type: "call_started", callId: "c", echoName: "Sage", provider: "gpt", engines: OFFLINE_ENGINES }), "invalid-message", /provider/],
      [JSON.stringify({ type: "call_started", callId: "c", echoName: "Sage", provider: "offline" }), "invalid-message", /engines/],
      [JSON.stringify({ type: "audio_response", data: 12 }), "invalid-message", /data/],
      [JSON.stringify({ type: "interrupt", entryId: ["x"] }), "invalid-message", /entryId/],
      [JSON.stringify({ type: "error", error: "x", code: 5 }), "invalid-message", /code/],
      [JSON.stringify({ type: "dance", text: "x" }), "unknown-type", /Unknown message type "dance"/],
      [JSON.stringify({ type: "audio_response", data: "A".repeat(1_000_001) }), "frame-too-large", /too large/],
      ["\u0000\u0001garbage", "invalid-json", /not valid JSON/],
    ];
    for (const [frame, code, why] of cases) {
      expect(readFrame(serverMessages, frame), String(frame).slice(0, 80)).toEqual({ ok: false, code, error: expect.stringMatching(why) });
    }
  });
});


describe("/ws/live server messages", () => {
  it("accepts every server message", () => {
    const msgs = [
      { type: "live_snapshot", call: liveCall, entries: [entry] },
      { type: "live_entry", entry: { ...entry, seq: 2 }, at: 5 },
      { type: "live_interrupt", entryId: "e2", at: 5 },
      { type: "live_ended", status: "completed", reason: "caller_ended", endTime: 9, at: 9 },
      { type: "listening", on: true },
      { type: "pong" },
      { type: "live_error", error: "Malformed listen message.", code: "invalid-message" },
    ];
    for (const m of msgs) expect(viewer(JSON.stringify(m))).toEqual(m);
  });

  it("rejects junk, unknown types and malformed shapes", () => {
    const bad = [
      "not json",
      "42",
      "null",
      JSON.stringify({ type: "dance" }),
      JSON.stringify({ type: "live_entry", entry: { id: "x" } }),
      JSON.stringify({ type: "live_snapshot", call: liveCall, entries: [{ id: 1 }] }),
      JSON.stringify({ type: "live_snapshot", entries: [] }),
      JSON.stringify({ type: "listening", on: "yes" }),
      JSON.stringify({ type: "live_ended", status: 1 }),
      JSON.stringify({ type: "live_snapshot", call: { ...liveCall, phase: "paused" }, entries: [] }),
    ];
    for (const b of bad) expect(viewer(b), b).toBeNull();
    expect(viewer(new ArrayBuffer(4))).toBeNull();
  });
});

describe("/ws/feed server messages", () => {
  it("accepts the feed's events and the heartbeat's pong, and nothing else", () => {
    expect(feed('{"type":"echo_changed","echoId":"e1"}')).toEqual({ type: "echo_changed", echoId: "e1" });
    expect(feed('{"type":"call_changed","callId":"c1"}')).toEqual({ type: "call_changed", callId: "c1" });
    expect(feed(PONG_FRAME)).toEqual({ type: "pong" });
    for (const junk of ["pong", "{", '{"type":"hack","echoId":"x"}', '{"type":"echo_changed"}', '{"type":"live_call_ended","callId":5}', "[]", "null"]) {
      expect(feed(junk)).toBeNull();
    }
    expect(feed(new ArrayBuffer(2))).toBeNull();
  });
});
