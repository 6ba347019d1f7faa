import { describe, expect, it } from "vitest";
import { parseServerMessage } from "../../web/testcall/serverMessage";
import { callSocketUrl } from "../../web/testcall/socketUrl";
import { nextChunkStart } from "../../web/audio/playback";
import { OFFLINE_ENGINES } from "./support/engines";

const entry = { id: "e1", seq: 1, speaker: "caller", text: "hey", timestamp: 1, emotions: { joy: 0.5 } };

describe("parseServerMessage", () => {
  it("reads the spec's messages", () => {
    expect(parseServerMessage(JSON.stringify({ type: "transcription", text: "hey", entry }))).toEqual({ type: "transcription", text: "hey", entry });
    expect(parseServerMessage(JSON.stringify({ type: "ai_response", text: "Hello" }))).toEqual({ type: "ai_response", text: "Hello" });
    expect(parseServerMessage(JSON.stringify({ type: "error", error: "boom" }))).toEqual({ type: "error", error: "boom" });
    expect(parseServerMessage(JSON.stringify({ type: "call_ended" }))).toEqual({ type: "call_ended" });
  });

  it("reads call_started with the provider and which engine runs each stage, and drops one without them", () => {
    const started = { type: "call_started", callId: "c1", echoName: "Sunny", provider: "mixed", engines: OFFLINE_ENGINES };
    expect(parseServerMessage(JSON.stringify(started))).toEqual(started);
    expect(parseServerMessage(JSON.stringify({ ...started, provider: "openai" }))).toEqual({ ...started, provider: "openai" });
    expect(parseServerMessage(JSON.stringify({ ...started, provider: "gpt" }))).toBeNull();
    expect(parseServerMessage(JSON.stringify({ ...started, engines: undefined }))).toBeNull();
    expect(parseServerMessage(JSON.stringify({ ...started, engines: { ...OFFLINE_ENGINES, summary: 3 } }))).toBeNull();
  });

  it("defaults audio to 16 kHz", () => {
    expect(parseServerMessage(JSON.stringify({ type: "audio_response", data: "AAA=" }))).toEqual({ type: "audio_response", data: "AAA=", sampleRate: 16000 });
  });

  it("ignores junk, unknown types and messages missing what the UI needs", () => {
    for (const frame of ["not json", "[]", "null", JSON.stringify({ type: "nope" }), JSON.stringify({ type: "error" }), JSON.stringify({ type: "transcription", text: "x", entry: { ...entry, speaker: "robot" } })]) {
      expect(parseServerMessage(frame)).toBeNull();
    }
    expect(parseServerMessage(new ArrayBuffer(4))).toBeNull();
  });

  it("drops a malformed entry on ai_response but keeps the text", () => {
    expect(parseServerMessage(JSON.stringify({ type: "ai_response", text: "ok", entry: { id: 3 } }))).toEqual({ type: "ai_response", text: "ok" });
  });
});

describe("callSocketUrl", () => {
  it("uses ws:// on plain-http local development and wss:// behind https", () => {
    expect(callSocketUrl({ protocol: "http:", host: "localhost:8787" })).toBe("ws://localhost:8787/ws/call");
    expect(callSocketUrl({ protocol: "https:", host: "echo.example.com" })).toBe("wss://echo.example.com/ws/call");
  });
});

describe("nextChunkStart (gapless playback)", () => {
  it("starts a chunk exactly where the queue ends while audio is queued", () => {
    expect(nextChunkStart(5.25, 5.0, 0.05)).toBe(5.25);
  });
  it("starts a short lead after now when the queue ran dry", () => {
    expect(nextChunkStart(3, 5, 0.05)).toBeCloseTo(5.05);
    expect(nextChunkStart(0, 0, 0.05)).toBeCloseTo(0.05);
  });
});
