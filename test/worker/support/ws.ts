// A small WebSocket test client for workerd tests: opens a real upgrade through the Worker
// (`exports.default.fetch`), queues every message, and lets a test await the next message of a type.
import { exports } from "cloudflare:workers";
import { PROTOCOL_VERSION, PROTOCOL_VERSION_PARAM } from "../../../protocol/version";
import { TEST_ORIGIN } from "./users";

export interface OpenOptions {
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  /**
   * The protocol version sent as the `v` query parameter (protocol/version.ts): the current one
   * unless given; null sends none.
   */
  protocolVersion?: string | null;
}

export interface Closed {
  code: number;
  reason: string;
}

type Json = Record<string, unknown> & { type?: string };

export class TestSocket {
  /** Every message received so far, parsed (non-JSON frames are kept as `{ type: "__raw", raw }`). */
  readonly received: Json[] = [];
  readonly closed: Promise<Closed>;
  private cursor = 0;
  private waiters: (() => void)[] = [];
  private closeInfo: Closed | null = null;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (ev) => {
      const raw = typeof ev.data === "string" ? ev.data : new TextDecoder().decode(ev.data as ArrayBuffer);
      let msg: Json;
      try {
        msg = JSON.parse(raw) as Json;
      } catch {
        msg = { type: "__raw", raw };
      }
      this.received.push(msg);
      this.wake();
    });
    this.closed = new Promise<Closed>((resolve) => {
      ws.addEventListener("close", (ev) => {
        this.closeInfo = { code: ev.code, reason: ev.reason };
        resolve(this.closeInfo);
        this.wake();
      });
    });
  }

  get isClosed(): boolean {
    return this.closeInfo !== null;
  }

  /** Sends an object as JSON, or a string as is. */
  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /**
   * Resolves with the next not-yet-consumed message matching `type` (or any type when omitted),
   * skipping (and consuming) the others. Rejects after `timeoutMs` or when the socket closes first.
   */
  async next<T extends Json = Json>(type?: string | ((m: Json) => boolean), timeoutMs = 5000): Promise<T> {
    const matches = (m: Json) => (type === undefined ? true : typeof type === "string" ? m.type === type : type(m));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.received.length) {
        const m = this.received[this.cursor++]!;
        if (matches(m)) return m as T;
      }
      if (this.closeInfo) throw new Error(`socket closed (${this.closeInfo.code}) before a ${String(type)} message`);
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.received.map((m) => m.type).join(", ");
        throw new Error(`no ${typeof type === "string" ? type : "matching"} message within ${timeoutMs} ms (seen: ${seen})`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Messages received so far of one type (consumed or not). */
  all<T extends Json = Json>(type: string): T[] {
    return this.received.filter((m) => m.type === type) as T[];
  }

  /** Waits `ms` and returns what arrived meanwhile (not consumed). */
  async quiet(ms: number): Promise<Json[]> {
    const from = this.received.length;
    await new Promise((r) => setTimeout(r, ms));
    return this.received.slice(from);
  }

  close(code = 1000, reason = "bye"): void {
    if (!this.closeInfo) this.ws.close(code, reason);
  }

  private wake(): void {
    const ws = this.waiters;
    this.waiters = [];
    for (const w of ws) w();
  }
}

/** Upgrade `path` through the Worker (speaking the current protocol version unless told otherwise). Returns the HTTP response and, on 101, the open socket. */
export async function openSocket(path: string, opts: OpenOptions = {}): Promise<{ response: Response; socket: TestSocket | null }> {
  const headers: Record<string, string> = { Upgrade: "websocket", ...opts.headers };
  const origin = opts.origin === undefined ? TEST_ORIGIN : opts.origin;
  if (origin) headers.Origin = origin;
  if (opts.cookie) headers.Cookie = opts.cookie;
  const url = new URL(path, TEST_ORIGIN);
  const version = opts.protocolVersion === undefined ? String(PROTOCOL_VERSION) : opts.protocolVersion;
  if (version !== null) url.searchParams.set(PROTOCOL_VERSION_PARAM, version);
  const response = await exports.default.fetch(url, { headers });
  const ws = response.webSocket;
  return { response, socket: ws ? new TestSocket(ws) : null };
}

/** Like openSocket but fails the test unless the upgrade succeeded. */
export async function connect(path: string, opts: OpenOptions = {}): Promise<TestSocket> {
  const { response, socket } = await openSocket(path, opts);
  if (response.status !== 101 || !socket) {
    throw new Error(`upgrade of ${path} failed: ${response.status} ${await response.text()}`);
  }
  return socket;
}
