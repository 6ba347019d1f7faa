// The feed connection's reconnect/keepalive logic, driven with a scripted socket and manual timers.
import { describe, expect, it } from "vitest";
import { HEARTBEAT_INTERVAL_MS as FEED_PING_INTERVAL_MS, PING_FRAME, PONG_FRAME } from "../../../protocol/heartbeat";
import { CLOSE_SESSION_EXPIRED, CLOSE_SIGNED_OUT } from "../../../protocol/sockets";
import { CLOSE_PROTOCOL_VERSION } from "../../../protocol/version";
import { manualTimers } from "../support/manual-timers";
import { IDLE_CLOSE_MS, type FeedSignal, type FeedSocket, FeedConnection, backoffDelay, feedUrl } from "../../../web/lib/feed";

class ScriptedSocket implements FeedSocket {
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  sent: string[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  serverSends(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  drops(code = 1006, reason = "") {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

function harness() {
  const sockets: ScriptedSocket[] = [];
  const timers = manualTimers();
  const sessionChecks: number[] = [];
  const conn = new FeedConnection({
    open: () => {
      const s = new ScriptedSocket();
      sockets.push(s);
      return s;
    },
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    random: () => 0.5,
    sessionLost: () => sessionChecks.push(sockets.length),
  });
  return { conn, sockets, advance: timers.advance, sessionChecks };
}

describe("backoffDelay", () => {
  it("doubles from 0.5 s to a 30 s ceiling with ±20 % jitter", () => {
    expect([0, 1, 2, 3, 10, 50].map((a) => backoffDelay(a, () => 0.5))).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
    expect(backoffDelay(0, () => 0)).toBe(400);
    expect(backoffDelay(0, () => 1)).toBe(600);
  });
});

describe("feedUrl", () => {
  it("uses ws on plain http and wss otherwise", () => {
    expect(feedUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/ws/feed?v=1");
    expect(feedUrl({ protocol: "https:", host: "echo.example" })).toBe("wss://echo.example/ws/feed?v=1");
  });
});

describe("FeedConnection", () => {
  it("shares one socket between listeners and delivers events to each", () => {
    const { conn, sockets } = harness();
    const a: FeedSignal[] = [];
    const b: FeedSignal[] = [];
    conn.subscribe((s) => a.push(s));
    conn.subscribe((s) => b.push(s));
    expect(sockets).toHaveLength(1);
    sockets[0]!.serverOpens();
    expect(conn.status).toBe("open");
    sockets[0]!.serverSends('{"type":"echo_changed","echoId":"e1"}');
    expect(a).toEqual([{ type: "feed_connected" }, { type: "echo_changed", echoId: "e1" }]);
    expect(b).toEqual(a);
  });

  it("ignores frames that are not feed messages with a readable note, and stays open", () => {
    const { conn, sockets } = harness();
    const got: FeedSignal[] = [];
    conn.subscribe((s) => got.push(s));
    sockets[0]!.serverOpens();
    got.length = 0; // (its feed_connected)
    for (const junk of ["pong", "{", '{"type":"hack","echoId":"x"}', '{"type":"echo_changed"}', '{"type":"call_changed","callId":7}', "[]", "null", "x".repeat(10_000)]) {
      expect(() => sockets[0]!.serverSends(junk)).not.toThrow();
    }
    expect(got).toEqual([]);
    expect(conn.problem).toMatch(/^Ignored a message from the server: The message is too large/);
    expect(conn.status).toBe("open");
    sockets[0]!.serverSends('{"type":"call_changed","callId":"c1"}');
    expect(got).toEqual([{ type: "call_changed", callId: "c1" }]);
  });

  it("stops retrying when the server refuses this page's protocol version, and says why", () => {
    const { conn, sockets, advance } = harness();
    conn.subscribe(() => {});
    sockets[0]!.serverOpens();
    sockets[0]!.drops(CLOSE_PROTOCOL_VERSION, "Protocol version 0 is not supported; this server speaks version 1. Reload the page.");
    expect(conn.status).toBe("outdated");
    expect(conn.problem).toMatch(/Reload the page\.$/);
    advance(120_000);
    conn.retryNow();
    expect(sockets).toHaveLength(1);
  });

  it("reconnects with growing delays after drops and tells listeners it reconnected", () => {
    const { conn, sockets, advance } = harness();
    const got: FeedSignal[] = [];
    conn.subscribe((s) => got.push(s));
    sockets[0]!.serverOpens();
    sockets[0]!.drops();
    expect(conn.status).toBe("reconnecting");
    advance(499);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drops(); // failed attempt: next wait doubles
    advance(999);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.serverOpens();
    expect(got).toEqual([{ type: "feed_connected" }, { type: "feed_connected" }]); // the first open, then the reconnection
    sockets[2]!.drops(); // after a success the delay starts over
    advance(500);
    expect(sockets).toHaveLength(4);
  });

  it("a first connection that took retries also says so: events of the meantime were missed", () => {
    const { conn, sockets, advance } = harness();
    const got: FeedSignal[] = [];
    conn.subscribe((s) => got.push(s));
    sockets[0]!.drops(); // refused before it ever opened
    advance(500);
    sockets[1]!.serverOpens();
    expect(got).toEqual([{ type: "feed_connected" }]);
  });

  it("a first connection that opens at once says so too: a list loaded before it was live may have missed a change", () => {
    const { conn, sockets } = harness();
    const got: FeedSignal[] = [];
    conn.subscribe((s) => got.push(s));
    expect(got).toEqual([]); // not before it is open
    sockets[0]!.serverOpens();
    expect(got).toEqual([{ type: "feed_connected" }]);
  });

  it("pings, and replaces a socket whose pong never comes", () => {
    const { conn, sockets, advance } = harness();
    conn.subscribe(() => {});
    sockets[0]!.serverOpens();
    advance(FEED_PING_INTERVAL_MS);
    expect(sockets[0]!.sent).toEqual([PING_FRAME]);
    sockets[0]!.serverSends(PONG_FRAME);
    advance(FEED_PING_INTERVAL_MS);
    expect(sockets[0]!.sent).toEqual([PING_FRAME, PING_FRAME]);
    advance(FEED_PING_INTERVAL_MS); // no pong this time
    expect(sockets[0]!.closedWith).toBe(4000);
    advance(500);
    expect(sockets).toHaveLength(2);
  });

  it("closes the socket shortly after the last listener leaves, and not before", () => {
    const { conn, sockets, advance } = harness();
    const off = conn.subscribe(() => {});
    sockets[0]!.serverOpens();
    off();
    advance(IDLE_CLOSE_MS - 1);
    const again = conn.subscribe(() => {}); // e.g. a remount: same socket
    expect(sockets).toHaveLength(1);
    again();
    advance(IDLE_CLOSE_MS);
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(conn.status).toBe("idle");
  });

  it("a close for a sign-out, or an attempt that never opened, asks the page who is signed in; a drop after opening does not", () => {
    const { conn, sockets, advance, sessionChecks } = harness();
    conn.subscribe(() => {});
    sockets[0]!.serverOpens();
    sockets[0]!.drops(1006);
    expect(sessionChecks).toEqual([]);
    advance(500);
    sockets[1]!.drops(1006); // refused upgrade (e.g. 401): never opened
    expect(sessionChecks).toEqual([2]);
    advance(1000);
    sockets[2]!.serverOpens();
    sockets[2]!.drops(CLOSE_SIGNED_OUT, "You signed out. Sign in again to continue.");
    expect(sessionChecks).toEqual([2, 3]);
    expect(conn.status).toBe("reconnecting"); // a new session (signed in again) reconnects; none unmounts the page
  });

  it("a close at the session's expiry reconnects; only a refused reconnection (the session is gone) asks who is signed in", () => {
    const { conn, sockets, advance, sessionChecks } = harness();
    conn.subscribe(() => {});
    sockets[0]!.serverOpens();
    sockets[0]!.drops(CLOSE_SESSION_EXPIRED);
    expect(sessionChecks).toEqual([]);
    expect(conn.status).toBe("reconnecting");
    advance(500);
    sockets[1]!.serverOpens(); // renewed since: a new socket, nothing else
    expect(sessionChecks).toEqual([]);
    sockets[1]!.drops(CLOSE_SESSION_EXPIRED);
    advance(500);
    sockets[2]!.drops(1006); // refused (401): expired
    expect(sessionChecks).toEqual([3]);
  });

  it("retryNow while a reconnect is on its way opens no second socket", () => {
    const { conn, sockets, advance } = harness();
    conn.subscribe(() => {});
    sockets[0]!.serverOpens();
    sockets[0]!.drops(1006);
    advance(500);
    expect(sockets).toHaveLength(2);
    expect(conn.status).toBe("reconnecting");
    conn.retryNow(); // e.g. "online" and "visibilitychange" as a phone wakes
    conn.retryNow();
    expect(sockets).toHaveLength(2);
  });
});
