// The dashboard's change feed: ONE /ws/feed socket per page, opened while any component listens,
// kept alive with the heartbeat (protocol/heartbeat.ts), reconnected with exponential backoff after
// drops. Components subscribe with useFeed(listener); each time the socket opens they get
// `feed_connected`: events may have been missed before it was live (meanwhile after a drop, and on the
// first open, between a list's GET and the socket reaching the user's feed), so lists refetch. Frames
// are read with the shared reader (feedServerMessages, protocol/feed.ts); a server that refuses this
// page's protocol version ends the retries (status "outdated", `problem` says why).
import { useEffect, useRef, useSyncExternalStore } from "react";
import { type FeedEvent, feedServerMessages } from "../../protocol/feed";
import { readFrame } from "../../protocol/frame";
import { CLOSE_SIGNED_OUT, FEED_SOCKET_PATH, socketUrl } from "../../protocol/sockets";
import { CLOSE_PROTOCOL_VERSION } from "../../protocol/version";
import { reportSessionLost } from "./api";
import { type Heartbeat, startHeartbeat } from "./heartbeat";
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/**
 * Keep the socket this long after the last listener leaves: long enough to ride out a remount
 * (StrictMode, a modal closing while nothing else listens), short enough that a sign-out closes the
 * old user's feed before anyone can sign in again in this tab.
 */
export const IDLE_CLOSE_MS = 250;

/** `feed_connected`: the socket is open (again); what a listener loaded before may be stale. */
export type FeedSignal = FeedEvent | { type: "feed_connected" };
export type FeedListener = (signal: FeedSignal) => void;
export type FeedStatus = "idle" | "connecting" | "open" | "reconnecting" | "outdated";

/** Delay before reconnect attempt `attempt` (0-based): 0.5 s doubling to 30 s, ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function feedUrl(location: { protocol: string; host: string }): string {
  return socketUrl(location, FEED_SOCKET_PATH);
}

/** The part of WebSocket the connection uses (lets tests drive it). */
export interface FeedSocket {
  readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface FeedDeps {
  open: () => FeedSocket;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
  random?: () => number;
  /**
   * The session may be gone: the socket was closed for a sign-out, or an attempt never opened (a
   * refused upgrade, e.g. 401, reads as a plain close in the browser). The page checks who is signed in.
   */
  sessionLost?: () => void;
}

/** One reconnecting feed socket shared by every listener. */
export class FeedConnection {
  private socket: FeedSocket | null = null;
  private listeners = new Set<FeedListener>();
  private statusListeners = new Set<() => void>();
  private attempt = 0;
  private everOpened = false;
  private retryTimer: number | null = null;
  private idleTimer: number | null = null;
  private heartbeat: Heartbeat | null = null;
  status: FeedStatus = "idle";
  /** The last server frame that was ignored and why, or why the feed stopped ("outdated"); readable. */
  problem: string | null = null;

  constructor(private readonly deps: FeedDeps) {}

  /** Adds a listener (opening the socket if needed); returns the unsubscribe function. */
  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    this.clearTimer("idleTimer");
    if (!this.socket && this.retryTimer === null && this.status !== "outdated") this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.clearTimer("idleTimer");
        this.idleTimer = this.deps.setTimeout(() => this.shutdown(), IDLE_CLOSE_MS);
      }
    };
  }

  onStatus(fn: () => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /** Reconnect now (e.g. the browser came back online). */
  retryNow(): void {
    // A socket on its way (status "reconnecting" while it connects) must not get a twin.
    if (this.listeners.size === 0 || this.socket !== null || this.status === "open" || this.status === "connecting" || this.status === "outdated") return;
    this.clearTimer("retryTimer");
    this.connect();
  }

  private setStatus(s: FeedStatus): void {
    if (this.status === s) return;
    this.status = s;
    for (const fn of this.statusListeners) fn();
  }

  private connect(): void {
    this.setStatus(this.everOpened ? "reconnecting" : "connecting");
    let ws: FeedSocket;
    try {
      ws = this.deps.open();
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.everOpened = true;
      this.attempt = 0;
      this.setStatus("open");
      this.startPing();
      // Every open, the first too: a change that came after a listener's GET but before the user's
      // feed had this socket reached nobody (after a drop, every change meanwhile).
      this.emit({ type: "feed_connected" });
    };
    ws.onmessage = (ev) => {
      const read = readFrame(feedServerMessages, ev.data);
      if (!read.ok) {
        this.problem = `Ignored a message from the server: ${read.error}`;
        console.warn("feed:", this.problem);
        return;
      }
      if (read.message.type === "pong") this.heartbeat?.pong();
      else this.emit(read.message);
    };
    ws.onclose = (ev) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.stopPing();
      if (ev.code === CLOSE_PROTOCOL_VERSION) {
        // Every retry would speak the same version: stop, and say why (reloading the page fixes it).
        this.problem = ev.reason || "This page is out of date. Reload the page.";
        console.warn("feed:", this.problem);
        this.setStatus("outdated");
        return;
      }
      if (ev.code === CLOSE_SIGNED_OUT || !opened) this.deps.sessionLost?.();
      if (this.listeners.size > 0) this.scheduleRetry();
      else this.setStatus("idle");
    };
  }

  private scheduleRetry(): void {
    this.setStatus("reconnecting");
    const delay = backoffDelay(this.attempt++, this.deps.random);
    this.retryTimer = this.deps.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** The heartbeat: a ping still unanswered at the next one means a dead link → reconnect. */
  private startPing(): void {
    this.stopPing();
    const ws = this.socket;
    if (ws) this.heartbeat = startHeartbeat(ws, () => this.dropSocket(ws), this.deps);
  }

  private stopPing(): void {
    this.heartbeat?.stop();
    this.heartbeat = null;
  }

  /** Treat `ws` as lost now (its close event may take long to come on a dead link). */
  private dropSocket(ws: FeedSocket): void {
    ws.onclose = null;
    try {
      ws.close(4000, "keepalive timeout");
    } catch {
      // already closing
    }
    if (this.socket === ws) {
      this.socket = null;
      this.stopPing();
      this.scheduleRetry();
    }
  }

  private shutdown(): void {
    this.idleTimer = null;
    this.clearTimer("retryTimer");
    this.stopPing();
    const ws = this.socket;
    this.socket = null;
    if (ws) {
      ws.onclose = null;
      ws.close(1000, "dashboard closed");
    }
    if (this.status !== "outdated") this.setStatus("idle");
  }

  private emit(signal: FeedSignal): void {
    for (const l of [...this.listeners]) {
      try {
        l(signal);
      } catch (err) {
        console.error("feed listener failed", err);
      }
    }
  }

  private clearTimer(which: "retryTimer" | "idleTimer"): void {
    const id = this[which];
    if (id !== null) this.deps.clearTimeout(id);
    this[which] = null;
  }
}

let shared: FeedConnection | null = null;

function sharedFeed(): FeedConnection {
  if (!shared) {
    const conn = new FeedConnection({
      open: () => new WebSocket(feedUrl(window.location)),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (id) => window.clearTimeout(id),
      sessionLost: reportSessionLost,
    });
    window.addEventListener("online", () => conn.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") conn.retryNow();
    });
    shared = conn;
  }
  return shared;
}

/**
 * Calls `listener` for every change event of the signed-in user (and `feed_connected` each time the
 * socket opens). The latest listener is always used; no need to memoise it. Returns the socket status.
 */
export function useFeed(listener: FeedListener): FeedStatus {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => sharedFeed().subscribe((s) => ref.current(s)), []);
  return useFeedStatus().status;
}

/** The feed's status and, once it stopped for good ("outdated"), why: for a notice on the page. */
export function useFeedStatus(): { status: FeedStatus; problem: string | null } {
  const status = useSyncExternalStore(subscribeStatus, currentStatus, idleStatus);
  return { status, problem: status === "outdated" ? sharedFeed().problem : null };
}

const subscribeStatus = (fn: () => void) => sharedFeed().onStatus(fn);
const currentStatus = (): FeedStatus => sharedFeed().status;
const idleStatus = (): FeedStatus => "idle";
