import { describe, expect, it } from "vitest";
import type { ServerMessage, TranscriptEntry } from "../../../protocol/call-messages";
import { type CallAction, callReducer, initialCallState, isCallActive, statusText, type TestCallState, upsertEntry } from "../../../web/testcall/callState";
import { OFFLINE_ENGINES, WORKERS_AI_ENGINES } from "../support/engines";

function run(...actions: CallAction[]): TestCallState {
  return actions.reduce(callReducer, initialCallState);
}
const server = (message: ServerMessage): CallAction => ({ type: "server", message });
const entry = (over: Partial<TranscriptEntry> & Pick<TranscriptEntry, "id" | "seq">): TranscriptEntry => ({
  speaker: "caller",
  text: "hi",
  timestamp: 1_700_000_000_000,
  emotions: {},
  ...over,
});
const started = server({ type: "call_started", callId: "c1", echoName: "Sunny", provider: "workers-ai", engines: WORKERS_AI_ENGINES });
const connected: CallAction[] = [{ type: "start" }, { type: "mic-ready" }, started];

describe("test call state machine", () => {
  it("goes ready → requesting microphone → connecting to the Echo → connected (when the Echo answers)", () => {
    const phases = [initialCallState, run({ type: "start" }), run({ type: "start" }, { type: "mic-ready" }), run(...connected)].map((s) => s.phase);
    expect(phases).toEqual(["idle", "requesting-mic", "connecting", "connected"]);
    expect(statusText(run({ type: "start" }), false)).toBe("Requesting microphone…");
    expect(statusText(run({ type: "start" }, { type: "mic-ready" }), false)).toBe("Connecting to the Echo…");
  });

  it("says when the assistant is offline while ready", () => {
    expect(statusText(initialCallState, true)).toMatch(/offline/i);
    expect(statusText(initialCallState, false)).toBe("Ready");
  });

  it("ignores steps out of order", () => {
    expect(run({ type: "mic-ready" })).toEqual(initialCallState);
    expect(run(started)).toEqual(initialCallState);
    expect(run({ type: "start" }, started).phase).toBe("requesting-mic");
    // a second Start during a call changes nothing
    const mid = run(...connected, server({ type: "transcription", text: "hi", entry: entry({ id: "a", seq: 1 }) }));
    expect(callReducer(mid, { type: "start" })).toBe(mid);
  });

  it("fails the start with the spec's text, from either starting step", () => {
    const micDenied = run({ type: "start" }, { type: "start-failed", message: "Permission denied" });
    expect(micDenied).toMatchObject({ phase: "error", error: "Failed to start call: Permission denied" });
    const timedOut = run({ type: "start" }, { type: "mic-ready" }, { type: "start-failed", message: "Connection timed out after 10 seconds" });
    expect(timedOut.error).toBe("Failed to start call: Connection timed out after 10 seconds");
    expect(isCallActive(timedOut.phase)).toBe(false);
    // a late failure after the call connected is not a start failure
    expect(run(...connected, { type: "start-failed", message: "x" }).phase).toBe("connected");
  });

  it("reports 'Connection lost' when the socket drops during the call", () => {
    expect(run(...connected, { type: "socket-closed" })).toMatchObject({ phase: "error", error: "Connection lost" });
  });

  it("treats a socket closing before it opened as a failed start", () => {
    expect(run({ type: "start" }, { type: "mic-ready" }, { type: "socket-closed" }).error).toMatch(/^Failed to start call: /);
  });

  it("shows server errors as 'Call error: …' and keeps the call going", () => {
    const s = run(...connected, server({ type: "error", error: "Speech-to-text failed" }));
    expect(s).toMatchObject({ phase: "connected", error: "Call error: Speech-to-text failed" });
    expect(callReducer(s, { type: "dismiss-error" }).error).toBeNull();
    // a drop after that is still a lost connection
    expect(callReducer(s, { type: "socket-closed" })).toMatchObject({ phase: "error", error: "Connection lost" });
  });

  it("ends on End Call; the socket closing afterwards is expected", () => {
    const ended = run(...connected, { type: "end-requested" });
    expect(ended).toMatchObject({ phase: "ended", ending: true, error: null });
    expect(callReducer(ended, { type: "socket-closed" })).toBe(ended);
    expect(callReducer(ended, server({ type: "call_ended", callId: "c1" }))).toMatchObject({ phase: "ended", callId: "c1" });
    // a failed call stays failed when a late call_ended arrives
    const lost = run(...connected, { type: "socket-closed" });
    expect(callReducer(lost, server({ type: "call_ended" })).phase).toBe("error");
  });

  it("after End Call, the call's wrap-up (the caller's last words, the cut-off reply) still joins its transcript, and nothing else does", () => {
    const ended = run(...connected, server({ type: "transcription", text: "hi", entry: entry({ id: "a", seq: 1 }) }), { type: "end-requested" });
    const lastWords = entry({ id: "b", seq: 2, text: "thanks, bye" });
    const cutOff = entry({ id: "c", seq: 3, speaker: "assistant", text: "You're", interrupted: true });
    const late = (message: ServerMessage, callId: string | null = "c1"): CallAction => ({ type: "late", callId, message });
    const wrapped = run(...connected, server({ type: "transcription", text: "hi", entry: entry({ id: "a", seq: 1 }) }), { type: "end-requested" },
      late({ type: "transcription", text: lastWords.text, entry: lastWords }),
      late({ type: "ai_response", text: "You're", entry: cutOff, final: true }),
    );
    expect(wrapped.entries.map((e) => e.text)).toEqual(["hi", "thanks, bye", "You're"]);
    expect(wrapped).toMatchObject({ phase: "ended", streaming: [] });
    // Not another call's (a new call started since), and nothing but entries.
    const next = run({ type: "start" });
    expect(callReducer(next, late({ type: "transcription", text: lastWords.text, entry: lastWords }))).toBe(next);
    expect(callReducer(ended, late({ type: "transcription", text: lastWords.text, entry: lastWords }, "c0"))).toBe(ended);
    expect(callReducer(ended, late({ type: "transcription", text: lastWords.text, entry: lastWords }, null))).toBe(ended);
    expect(callReducer(ended, late({ type: "error", error: "boom" }))).toBe(ended);
    expect(callReducer(ended, late({ type: "ai_response", text: "no entry" }))).toBe(ended);
  });

  it("a microphone gone mid-call ends it with 'Call error: …' (while starting: 'Failed to start call: …'); its close and wrap-up are expected", () => {
    const lost = run(...connected, { type: "mic-lost", error: "Your microphone was disconnected." });
    expect(lost).toMatchObject({ phase: "error", ending: true, muted: false, error: "Call error: Your microphone was disconnected." });
    expect(statusText(lost, false)).toBe("Call failed");
    expect(callReducer(lost, { type: "socket-closed" })).toBe(lost);
    const words = entry({ id: "w", seq: 5, text: "can you hear me" });
    expect(callReducer(lost, { type: "late", callId: "c1", message: { type: "transcription", text: words.text, entry: words } }).entries.map((e) => e.text)).toContain("can you hear me");
    const starting = run({ type: "start" }, { type: "mic-ready" }, { type: "mic-lost", error: "Your microphone was disconnected." });
    expect(starting).toMatchObject({ phase: "error", error: "Failed to start call: Your microphone was disconnected." });
    expect(callReducer(initialCallState, { type: "mic-lost", error: "x" })).toBe(initialCallState);
  });

  it("ends when the server sends call_ended", () => {
    expect(run(...connected, server({ type: "call_ended" })).phase).toBe("ended");
  });

  it("records call_started (id, Echo name, provider), once", () => {
    const s = run({ type: "start" }, { type: "mic-ready" }, server({ type: "call_started", callId: "c9", echoName: "Sunny", provider: "offline", engines: OFFLINE_ENGINES }));
    expect(s).toMatchObject({ phase: "connected", callId: "c9", echoName: "Sunny", provider: "offline" });
    expect(statusText(s, true)).toBe("Connected to Sunny");
    expect(callReducer(s, started)).toBe(s);
  });

  it("mutes only during a call, and a new call starts unmuted with a clean slate", () => {
    expect(run({ type: "toggle-mute" }).muted).toBe(false);
    const muted = run(...connected, { type: "toggle-mute" });
    expect(muted.muted).toBe(true);
    expect(callReducer(muted, { type: "toggle-mute" }).muted).toBe(false);
    // leaving the call un-mutes (however it ends)
    expect(callReducer(muted, { type: "end-requested" }).muted).toBe(false);
    expect(callReducer(muted, { type: "socket-closed" }).muted).toBe(false);
    expect(callReducer(muted, server({ type: "call_ended" })).muted).toBe(false);
    const again = run(...connected, { type: "toggle-mute" }, server({ type: "error", error: "x" }), { type: "end-requested" }, { type: "start" });
    expect(again).toEqual({ ...initialCallState, phase: "requesting-mic" });
  });

  it("builds the transcript from transcription and ai_response, updating entries in place", () => {
    const s = run(
      ...connected,
      server({ type: "transcription", text: "hello", entry: entry({ id: "u1", seq: 1, text: "hello" }) }),
      server({ type: "ai_response", text: "Hi", entry: entry({ id: "a1", seq: 2, speaker: "assistant", text: "Hi" }) }),
      server({ type: "ai_response", text: "Hi there.", entry: entry({ id: "a1", seq: 2, speaker: "assistant", text: "Hi there.", emotions: { joy: 0.7 } }) }),
    );
    expect(s.entries.map((e) => [e.id, e.speaker, e.text])).toEqual([
      ["u1", "caller", "hello"],
      ["a1", "assistant", "Hi there."],
    ]);
    expect(s.entries[1]?.emotions).toEqual({ joy: 0.7 });
  });

  it("marks a streaming reply until its final ai_response", () => {
    const a = (text: string, final: boolean) => server({ type: "ai_response", text, final, entry: entry({ id: "a1", seq: 2, speaker: "assistant", text }) });
    const s = run(...connected, a("One.", false), a("One. Two.", false));
    expect(s.streaming).toEqual(["a1"]);
    expect(s.entries).toHaveLength(1);
    expect(callReducer(s, a("One. Two.", true)).streaming).toEqual([]);
    expect(callReducer(s, { type: "socket-closed" }).streaming).toEqual([]);
  });

  it("keeps an ai_response without an entry as an assistant line", () => {
    const s = run(...connected, server({ type: "ai_response", text: "Hello!" }));
    expect(s.entries).toHaveLength(1);
    expect(s.entries[0]).toMatchObject({ speaker: "assistant", text: "Hello!" });
  });

  it("a server frame that is not a protocol message is ignored with a readable note; the call goes on", () => {
    const before = run(...connected, server({ type: "transcription", text: "hi", entry: entry({ id: "c1", seq: 1 }) }));
    const after = callReducer(before, { type: "bad-frame", error: 'Invalid transcription message: entry.speaker: Invalid option: expected one of "caller"|"assistant".' });
    expect(after).toEqual({ ...before, ignored: 'Ignored a message from the server: Invalid transcription message: entry.speaker: Invalid option: expected one of "caller"|"assistant".' });
    expect(after.phase).toBe("connected");
    expect(after.error).toBeNull();
    expect(callReducer(after, server({ type: "pong" }))).toBe(after);
    expect(callReducer(callReducer(after, { type: "end-requested" }), { type: "start" }).ignored).toBeNull(); // a new call starts clean
  });

  it("audio and interrupt messages don't change the transcript", () => {
    const s = run(...connected);
    expect(callReducer(s, server({ type: "audio_response", data: "AAAA", sampleRate: 16000 }))).toBe(s);
    expect(callReducer(s, server({ type: "interrupt" }))).toBe(s);
  });
});

describe("upsertEntry", () => {
  it("orders by seq even when an entry arrives late", () => {
    const list = upsertEntry(upsertEntry([], entry({ id: "b", seq: 2 })), entry({ id: "a", seq: 1 }));
    expect(list.map((e) => e.id)).toEqual(["a", "b"]);
  });

  it("does not mutate its input", () => {
    const before = [entry({ id: "a", seq: 1 })];
    upsertEntry(before, entry({ id: "a", seq: 1, text: "changed" }));
    expect(before[0]?.text).toBe("hi");
  });
});
