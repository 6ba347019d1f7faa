// One Durable Object per user: pushes change events to that user's open dashboards over hibernatable
// WebSockets (the object sleeps between events; sockets stay open). A socket closes when the session
// that opened it reaches the expiry it had then (an alarm wakes the object for it): the page reconnects,
// and the route checks the session again (http/session-tag.ts).
import { DurableObject } from "cloudflare:workers";
import { type FeedEvent, feedClientMessages } from "../../protocol/feed";
import { readFrame } from "../../protocol/frame";
import { PING_FRAME, PONG_FRAME } from "../../protocol/heartbeat";
import { CLOSE_SESSION_EXPIRED, CLOSE_SIGNED_OUT, SESSION_EXPIRED_REASON, SIGNED_OUT_REASON } from "../../protocol/sockets";
import { type EndedSessions, readSocketSession } from "../http/session-tag";
import type { Env } from "../config/env";
import { EndedSessionTags } from "../http/ended-session-tags";
import { closeQuietly } from "../http/websocket";
/** The user this object is for, as its ended sessions are kept (one object per user). */
const FEED_OWNER = "owner";
/** Open dashboards per user; the oldest socket is closed beyond this. */
export const MAX_FEED_SOCKETS = 32;

interface FeedAttachment {
  /** When the session that opened the socket expires, as of its upgrade (null: no session expiry known). */
  sessionExpiresAt: number | null;
}

const expiryOf = (ws: WebSocket): number | null => (ws.deserializeAttachment() as FeedAttachment | null)?.sessionExpiresAt ?? null;

export class UserFeed extends DurableObject<Env> {
  private readonly ended: EndedSessionTags;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ended = new EndedSessionTags(ctx.storage.sql);
    // The heartbeat (protocol/heartbeat.ts) is answered by the runtime: the object stays asleep.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade.", { status: 426 });
    }
    const { sessionTag, sessionExpiresAt, sessionCreatedAt } = readSocketSession(request.headers);
    // Signed out while this upgrade was on its way (the route had checked the session just before).
    if (this.ended.ended(FEED_OWNER, sessionTag, sessionCreatedAt)) {
      return new Response(SIGNED_OUT_REASON, { status: 401 });
    }
    const open = this.ctx.getWebSockets();
    for (const old of open.slice(0, Math.max(0, open.length - MAX_FEED_SOCKETS + 1))) {
      closeQuietly(old, 1008, "Too many open dashboards.");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, sessionTag ? [sessionTag] : []);
    server.serializeAttachment({ sessionExpiresAt: sessionExpiresAt ?? null } satisfies FeedAttachment);
    if (sessionExpiresAt !== undefined) {
      const alarm = await this.ctx.storage.getAlarm();
      if (alarm === null || alarm > sessionExpiresAt) await this.ctx.storage.setAlarm(sessionExpiresAt);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sockets whose session reached its expiry close; the alarm is set again for the next one. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    let next: number | null = null;
    for (const ws of this.ctx.getWebSockets()) {
      const at = expiryOf(ws);
      if (at === null) continue;
      if (at <= now) closeQuietly(ws, CLOSE_SESSION_EXPIRED, SESSION_EXPIRED_REASON);
      else next = next === null ? at : Math.min(next, at);
    }
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  /** Sends `event` to every open socket of this user; a socket that cannot take it is dropped. */
  async publish(event: FeedEvent): Promise<void> {
    const frame = JSON.stringify(event);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(frame);
      } catch {
        closeQuietly(ws, 1011, "Send failed.");
      }
    }
  }

  /** Sessions of this user ended: the sockets they opened close. Returns how many. */
  async signedOut(ended: EndedSessions): Promise<number> {
    this.ended.add(FEED_OWNER, ended);
    const sockets = "sessionTag" in ended ? this.ctx.getWebSockets(ended.sessionTag) : this.ctx.getWebSockets();
    for (const ws of sockets) closeQuietly(ws, CLOSE_SIGNED_OUT, SIGNED_OUT_REASON);
    return sockets.length;
  }

  /** The user's account was deleted: every socket closes and this object's storage is wiped. */
  async erase(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) closeQuietly(ws, CLOSE_SIGNED_OUT, SIGNED_OUT_REASON);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** Number of open sockets (for tests and diagnostics). */
  async socketCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // The feed is one-way: only the heartbeat's ping (auto-answered when sent as PING_FRAME exactly).
    const parsed = readFrame(feedClientMessages, message);
    if (parsed.ok) ws.send(PONG_FRAME);
    else closeQuietly(ws, 1003, `The feed accepts only ping. ${parsed.error}`);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeQuietly(ws, 1011, "Socket error.");
  }
}
