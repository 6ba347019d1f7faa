// The start handshake of the call socket (open → start_call → call_started) and its 10 s timeout,
// driven through a scripted stand-in for the browser's WebSocket (Node's has no server to talk to).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientMessage } from "../../../protocol/call-messages";
import { connectCall, sendMessage } from "../../../web/testcall/callSocket";
import { CONNECT_TIMEOUT_MS } from "../../../web/testcall/socketUrl";
import { OFFLINE_ENGINES } from "../support/engines";

class ScriptedSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static last: ScriptedSocket | null = null;
  readyState = ScriptedSocket.CONNECTING;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    ScriptedSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = ScriptedSocket.CLOSED;
  }
  // what the server side does
  open() {
    this.readyState = ScriptedSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  receive(message: unknown) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
  drop(reason = "") {
    this.readyState = ScriptedSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event("close"), { code: 1006, reason }));
  }
}

const start: Extract<ClientMessage, { type: "start_call" }> = { type: "start_call", echoId: "e1", userId: "u1", callType: "browser_test" };
const socket = () => {
  if (!ScriptedSocket.last) throw new Error("no socket opened");
  return ScriptedSocket.last;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", ScriptedSocket);
  ScriptedSocket.last = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("connectCall", () => {
  it("sends start_call on open and resolves when the Echo answers", async () => {
    const p = connectCall("ws://localhost/ws/call", start, CONNECT_TIMEOUT_MS, new AbortController().signal);
    expect(socket().url).toBe("ws://localhost/ws/call");
    expect(socket().sent).toEqual([]);
    socket().open();
    expect(socket().sent.map((s) => JSON.parse(s))).toEqual([start]);
    socket().receive({ type: "call_started", callId: "c1", echoName: "Sunny", provider: "offline", engines: OFFLINE_ENGINES });
    const { ws, started } = await p;
    expect(started).toEqual({ type: "call_started", callId: "c1", echoName: "Sunny", provider: "offline", engines: OFFLINE_ENGINES });
    expect(ws).toBe(socket());
    expect(socket().closed).toBe(false);
  });

  it("gives up after the 10 second connect timeout and closes the socket", async () => {
    expect(CONNECT_TIMEOUT_MS).toBe(10_000);
    const p = connectCall("ws://x/ws/call", start, CONNECT_TIMEOUT_MS, new AbortController().signal);
    const outcome = expect(p).rejects.toThrow("Connection timed out after 10 seconds");
    vi.advanceTimersByTime(9_999);
    expect(socket().closed).toBe(false);
    vi.advanceTimersByTime(1);
    await outcome;
    expect(socket().closed).toBe(true);
  });

  it("the timeout also covers a server that opens but never answers start_call", async () => {
    const p = connectCall("ws://x/ws/call", start, CONNECT_TIMEOUT_MS, new AbortController().signal);
    const outcome = expect(p).rejects.toThrow(/timed out/);
    socket().open();
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    await outcome;
  });

  it("fails with the server's words when it refuses start_call", async () => {
    const p = connectCall("ws://x/ws/call", start, CONNECT_TIMEOUT_MS, new AbortController().signal);
    socket().open();
    socket().receive({ type: "error", error: "No active Echo with this id was found in your account." });
    await expect(p).rejects.toThrow("No active Echo with this id was found in your account.");
    expect(socket().closed).toBe(true);
  });

  it("skips frames that are not protocol messages while connecting, and still starts", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const p = connectCall("ws://x/ws/call", start, CONNECT_TIMEOUT_MS, new AbortController().signal);
    socket().open();
    for (const junk of ["garbage", "[]", '{"type":"call_started","callId":5}', '{"type":"dance"}', new ArrayBuffer(3)]) {
      socket().dispatchEvent(new MessageEvent("message", { data: junk }));
    }
    socket().receive({ type: "pong" });
    socket().receive({ type: "call_started", callId: "c1", echoName: "Sunny", provider: "offline", engines: OFFLINE_ENGINES });
    expect((await p).started.callId).toBe("c1");
    expect(warn.mock.calls.map((c) => String(c[1]))).toEqual([
      "The message is not valid JSON.",
      "A message must be a JSON object with a type.",
      expect.stringMatching(/^Invalid call_started message: callId: /),
      'Unknown message type "dance".',
      "Binary frames are not supported: send JSON text messages.",
    ]);
    warn.mockRestore();
  });

  it("shows the server's protocol-version refusal as the reason the call could not start", async () => {
    const p = connectCall("ws://x/ws/call", start, CONNECT_TIMEOUT_MS, new AbortController().signal);
    socket().open();
    socket().receive({ type: "error", error: "Protocol version 0 is not supported; this server speaks version 1. Reload the page.", code: "protocol-version" });
    socket().drop("Protocol version 0 is not supported; this server speaks version 1. Reload the page.");
    await expect(p).rejects.toThrow(/^Protocol version 0 is not supported.*Reload the page\.$/);
  });

  it("fails when the socket closes before the call started", async () => {
    const p = connectCall("ws://x/ws/call", start, CONNECT_TIMEOUT_MS, new AbortController().signal);
    socket().drop();
    await expect(p).rejects.toThrow("Could not connect to the Echo");
  });

  it("can be abandoned (End Call while connecting)", async () => {
    const abort = new AbortController();
    const p = connectCall("ws://x/ws/call", start, CONNECT_TIMEOUT_MS, abort.signal);
    abort.abort();
    await expect(p).rejects.toThrow("Cancelled");
    expect(socket().closed).toBe(true);
  });
});

describe("sendMessage", () => {
  it("only writes to an open socket", () => {
    const ws = new ScriptedSocket("ws://x");
    expect(sendMessage(ws as unknown as WebSocket, { type: "end_call" })).toBe(false);
    ws.open();
    expect(sendMessage(ws as unknown as WebSocket, { type: "end_call" })).toBe(true);
    expect(ws.sent).toEqual(['{"type":"end_call"}']);
    expect(sendMessage(null, { type: "end_call" })).toBe(false);
  });
});
