// The feed connection's reconnect/keepalive logic, driven with a scripted socket and manual timers.
import { describe, expect, it } from "vitest";
import { FEED_PING_INTERVAL_MS, IDLE_CLOSE_MS, type FeedSignal, type FeedSocket, FeedConnection, backoffDelay, feedUrl, parseFeedMessage } from "../../web/lib/feed";

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
  drops() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
}

function harness() {
  const sockets: ScriptedSocket[] = [];
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const conn = new FeedConnection({
    open: () => {
      const s = new ScriptedSocket();
      sockets.push(s);
      return s;
    },
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id),
    random: () => 0.5,
  });
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  };
  return { conn, sockets, advance, timers };
}

describe("parseFeedMessage", () => {
  it("accepts the feed's events and nothing else", () => {
    expect(parseFeedMessage('{"type":"echo_changed","echoId":"e1"}')).toEqual({ type: "echo_changed", echoId: "e1" });
    expect(parseFeedMessage('{"type":"call_changed","callId":"c1"}')).toEqual({ type: "call_changed", callId: "c1" });
    for (const junk of ["pong", "{", '{"type":"hack","echoId":"x"}', '{"type":"echo_changed"}', "[]", "null"]) {
      expect(parseFeedMessage(junk)).toBeNull();
    }
    expect(parseFeedMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe("backoffDelay", () => {
  it("doubles from 0.5 s to a 30 s ceiling with ±20 % jitter", () => {
    expect([0, 1, 2, 3, 10, 50].map((a) => backoffDelay(a, () => 0.5))).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
    expect(backoffDelay(0, () => 0)).toBe(400);
    expect(backoffDelay(0, () => 1)).toBe(600);
  });
});

describe("feedUrl", () => {
  it("uses ws on plain http and wss otherwise", () => {
    expect(feedUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/ws/feed");
    expect(feedUrl({ protocol: "https:", host: "echo.example" })).toBe("wss://echo.example/ws/feed");
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
    expect(a).toEqual([{ type: "echo_changed", echoId: "e1" }]);
    expect(b).toEqual(a);
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
    expect(got).toEqual([{ type: "feed_reconnected" }]);
    sockets[2]!.drops(); // after a success the delay starts over
    advance(500);
    expect(sockets).toHaveLength(4);
  });

  it("pings, and replaces a socket whose pong never comes", () => {
    const { conn, sockets, advance } = harness();
    conn.subscribe(() => {});
    sockets[0]!.serverOpens();
    advance(FEED_PING_INTERVAL_MS);
    expect(sockets[0]!.sent).toEqual(["ping"]);
    sockets[0]!.serverSends("pong");
    advance(FEED_PING_INTERVAL_MS);
    expect(sockets[0]!.sent).toEqual(["ping", "ping"]);
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
});
