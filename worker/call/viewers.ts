// The dashboard viewers of one live call (/ws/live/:callId): hibernatable sockets tagged "viewer",
// accepted by the CallSession after the route checked who may watch. A viewer first gets the snapshot
// (the call and its transcript so far), then every event in call order; with `listen` on it also gets
// the call's audio as binary frames.
//
// Nothing here ever waits on a viewer: sends are fire-and-forget (workerd queues them) and happen after
// the caller has been served, in slices; a socket that cannot take a message is closed and forgotten,
// so a slow or dead viewer never slows the call.
// (workerd exposes no bufferedAmount, so a viewer that stops reading cannot be detected by backlog.)
// Where the time goes (bench/live-fanout.bench.ts): the JS pass over 500 viewers takes ~3–5 ms; most of
// the delivery time is after `send` returns — workerd frames and, for clients that offer it (browsers
// do), permessage-deflate-compresses every message once per socket, then writes each socket.
import { readFrame } from "../../protocol/frame";
import { type ViewerServerMessage, viewerClientMessages } from "../../protocol/live";
import { CLOSE_SESSION_EXPIRED, CLOSE_SIGNED_OUT, SESSION_EXPIRED_REASON, SIGNED_OUT_REASON } from "../../protocol/sockets";
import { db } from "../db/client";
import { participantIds } from "../db/live-calls";
import type { Env } from "../config/env";
import { EndedSessionTags } from "../http/ended-session-tags";
import type { EndedSessions } from "../http/session-tag";
import { publishToUser } from "../feed/publish";
import { closeQuietly } from "../http/websocket";
import { type LiveEvent, type LiveFanout, VIEWER_TAG, audioFrames, eventMessage, snapshotMessage } from "./live-events";
import type { SocketGrant } from "./internal-request";
import { Uninvited } from "./uninvited";
import type { CallStore } from "./store";
import { logWarning } from "../lib/safe-error";

/** Open viewer sockets one user may hold on one call; the oldest is closed beyond this. */
export const MAX_VIEWERS_PER_USER = 50;
/** Close reason of a view whose call is no longer shared with its viewer (close code 1008: not again). */
const NOT_SHARED_REASON = "This call is no longer shared with you.";
/** Viewer sockets one call accepts in all. */
export const MAX_VIEWERS_PER_CALL = 2000;
/** Viewer sockets written per turn of the event loop (smaller slices measured slower: every yield lets
 * the runtime flush and other events run before the next slice). */
export const SENDS_PER_SLICE = 500;

interface ViewerAttachment extends SocketGrant {
  listen: boolean;
}

/** One event on its way to the sockets that were watching when it happened. */
interface Delivery {
  frames: (string | ArrayBuffer)[];
  sockets: WebSocket[];
  /** Index of the next socket to serve. */
  next: number;
  /** The call ended: close each socket after its last frame. */
  close: boolean;
  /** Runtime clock when the event was published, and when its first send happened (traces only). */
  publishedAt: number;
  firstSendAt: number | null;
  kind: LiveEvent["kind"];
}

const userTag = (userId: string) => `viewer-user:${userId}`;

export class LiveViewers implements LiveFanout {
  /** Viewers that asked for audio; rebuilt from socket attachments after the object wakes up. */
  private listeners: Set<WebSocket> | null = null;
  /** Events still being delivered, oldest first. */
  private readonly queue: Delivery[] = [];
  private scheduled = false;
  /** Benchmarks only (env.LIVE_FANOUT_TRACE = "1"): one log line per delivered event, see logTiming. */
  private readonly trace: boolean;
  private readonly uninvitedUsers: Uninvited;
  private readonly endedSessions: EndedSessionTags;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly store: CallStore,
  ) {
    this.trace = env.LIVE_FANOUT_TRACE === "1";
    this.uninvitedUsers = new Uninvited(ctx.storage.sql);
    this.endedSessions = new EndedSessionTags(ctx.storage.sql);
  }

  count(): number {
    return this.ctx.getWebSockets(VIEWER_TAG).length;
  }

  /**
   * Accepts a viewer whose access the route verified: snapshot first, then the end if the call is over.
   * A call still `ending` (its last caller turn and cut-off reply not stored yet) keeps the socket: those
   * lines and the end reach it as they reach every viewer.
   */
  accept(grant: SocketGrant, ending = false): Response {
    const state = this.store.state();
    if (!state || !grant.userId) return new Response("No such call.", { status: 404 });
    // The route checked the session and the invitation; a sign-out or a removal since (racing this upgrade) counts.
    if (this.endedSessions.ended(grant.userId, grant.sessionTag, grant.sessionCreatedAt)) return new Response(SIGNED_OUT_REASON, { status: 401 });
    if (grant.userId !== state.userId && this.uninvitedUsers.revoked(grant.userId, grant.invitedAt ?? null)) {
      return new Response(NOT_SHARED_REASON, { status: 404 });
    }
    if (this.count() >= MAX_VIEWERS_PER_CALL) return new Response("This call has too many viewers.", { status: 503 });
    const own = this.ctx.getWebSockets(userTag(grant.userId));
    for (const old of own.slice(0, Math.max(0, own.length - MAX_VIEWERS_PER_USER + 1))) {
      this.forget(old);
      closeQuietly(old, 1008, "Too many open viewers.");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, grant.sessionTag ? [VIEWER_TAG, userTag(grant.userId), grant.sessionTag] : [VIEWER_TAG, userTag(grant.userId)]);
    server.serializeAttachment({ ...grant, listen: false } satisfies ViewerAttachment);
    // The snapshot holds everything published so far (events still queued were queued for the sockets
    // watching then, not this one); every later event is queued for this socket too: nothing is missed
    // or repeated.
    this.sendTo(server, JSON.stringify(snapshotMessage(state, this.store.entries())));
    if (state.phase === "ended" && !ending) {
      const ended = eventMessage(
        { kind: "ended", status: state.finalStatus ?? "completed", reason: state.endReason ?? "ended" },
        state.endTime ?? Date.now(),
        state.endTime,
      );
      this.sendTo(server, JSON.stringify(ended));
      closeQuietly(server, 1000, "The call has ended.");
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Queues the event for every current viewer (listeners only, for audio) and returns at once. The
   * sends happen on later turns of the event loop, SENDS_PER_SLICE sockets at a time, so the caller's
   * own frames go out first and the call keeps moving while hundreds of viewers are served. Events
   * reach each viewer in publish order.
   */
  publish(event: LiveEvent): void {
    if (event.kind === "audio") {
      const listeners = this.listenerSet();
      if (listeners.size > 0) this.enqueue({ frames: audioFrames(event), sockets: [...listeners], next: 0, close: false, publishedAt: Date.now(), firstSendAt: null, kind: "audio" });
      return;
    }
    if (event.kind === "ended") this.notifyParticipants();
    const sockets = this.ctx.getWebSockets(VIEWER_TAG);
    if (event.kind === "ended") this.listeners = null;
    if (sockets.length === 0) return;
    const at = Date.now();
    const frame = JSON.stringify(eventMessage(event, at, this.store.state()?.endTime ?? null)); // once, for every viewer
    this.enqueue({ frames: [frame], sockets, next: 0, close: event.kind === "ended", publishedAt: at, firstSendAt: null, kind: event.kind });
  }

  private enqueue(job: Delivery): void {
    this.queue.push(job);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      this.pump(SENDS_PER_SLICE);
    }, 0);
  }

  /** Serves up to `budget` sockets, oldest event first; reschedules itself while work is left. */
  private pump(budget: number): void {
    while (budget > 0 && this.queue.length > 0) {
      const job = this.queue[0]!;
      job.firstSendAt ??= Date.now();
      while (budget > 0 && job.next < job.sockets.length) {
        const ws = job.sockets[job.next++]!;
        budget--;
        for (const frame of job.frames) if (!this.sendTo(ws, frame)) break;
        if (job.close) closeQuietly(ws, 1000, "The call has ended.");
      }
      if (job.next >= job.sockets.length) {
        this.queue.shift();
        if (this.trace) this.logTiming(job);
      }
    }
    if (this.queue.length > 0) this.schedule();
  }

  /**
   * The server's side of one fan-out, for bench/live-fanout.bench.ts: publish → first viewer send →
   * last viewer send returned (runtime clock, ms). What happens after `send` returns (framing,
   * compression, the socket writes) is not in it.
   */
  private logTiming(job: Delivery): void {
    const timing = { kind: job.kind, sockets: job.sockets.length, publishedAt: job.publishedAt, firstSendAt: job.firstSendAt, lastSendAt: Date.now() };
    console.log(`live-fanout ${JSON.stringify(timing)}`);
  }

  /** A message from a viewer: listen on/off, ping; anything else is refused (the socket stays). */
  onMessage(ws: WebSocket, frame: string | ArrayBuffer): void {
    const reply = (m: ViewerServerMessage): void => {
      this.sendTo(ws, JSON.stringify(m));
    };
    const parsed = readFrame(viewerClientMessages, frame);
    if (!parsed.ok) {
      const error = parsed.code === "unknown-type" ? `${parsed.error} Viewers may send only listen and ping.` : parsed.error;
      return reply({ type: "live_error", code: parsed.code, error });
    }
    const message = parsed.message;
    if (message.type === "ping") return reply({ type: "pong" });
    const attachment = ws.deserializeAttachment() as ViewerAttachment;
    ws.serializeAttachment({ ...attachment, listen: message.on } satisfies ViewerAttachment);
    const listeners = this.listenerSet();
    if (message.on) listeners.add(ws);
    else listeners.delete(ws);
    reply({ type: "listening", on: message.on });
  }

  /**
   * The call changed hands (a keypad link): only its new owner may still watch. Every other viewer's
   * socket closes, and the former participants' Live Calls lists drop the call.
   */
  handOver(owner: string, formerParticipants: string[]): void {
    for (const ws of this.ctx.getWebSockets(VIEWER_TAG)) {
      if ((ws.deserializeAttachment() as ViewerAttachment | null)?.userId === owner) continue;
      this.forget(ws);
      closeQuietly(ws, 1008, NOT_SHARED_REASON);
    }
    const callId = this.store.state()?.callId;
    if (callId && formerParticipants.length > 0) this.ctx.waitUntil(this.tellDropped(callId, formerParticipants));
  }

  /**
   * The owner took back `userId`'s invitation at `at` (epoch ms): the views they have open close, and one
   * still on its way on the old invitation is refused (accept). Returns how many closed.
   */
  uninvited(userId: string, at: number): number {
    this.uninvitedUsers.add(userId, at);
    const sockets = this.ctx.getWebSockets(userTag(userId)).filter((ws) => this.ctx.getTags(ws).includes(VIEWER_TAG));
    for (const ws of sockets) {
      this.forget(ws);
      closeQuietly(ws, 1008, NOT_SHARED_REASON);
    }
    return sockets.length;
  }

  /** Sessions of `userId` ended: the viewer sockets they opened close (the page then finds itself signed out). */
  signedOut(userId: string, ended: EndedSessions): number {
    this.endedSessions.add(userId, ended);
    const tagged = "sessionTag" in ended ? this.ctx.getWebSockets(ended.sessionTag) : this.ctx.getWebSockets(userTag(userId));
    const sockets = tagged.filter((ws) => this.ctx.getTags(ws).includes(VIEWER_TAG));
    for (const ws of sockets) {
      this.forget(ws);
      closeQuietly(ws, CLOSE_SIGNED_OUT, SIGNED_OUT_REASON);
    }
    return sockets.length;
  }

  /**
   * Viewers whose session reached the expiry it had when they opened close (checked by the call's alarm
   * while it runs; at its end every viewer closes anyway). Their page reconnects, and the route checks
   * the session again. Returns how many.
   */
  closeExpiredSessions(now: number): number {
    const expired = this.ctx.getWebSockets(VIEWER_TAG).filter((ws) => {
      const at = (ws.deserializeAttachment() as ViewerAttachment | null)?.sessionExpiresAt;
      return at !== undefined && at <= now;
    });
    for (const ws of expired) {
      this.forget(ws);
      closeQuietly(ws, CLOSE_SESSION_EXPIRED, SESSION_EXPIRED_REASON);
    }
    return expired.length;
  }

  /** The viewer's socket closed or failed. */
  onGone(ws: WebSocket, code: number): void {
    this.forget(ws);
    closeQuietly(ws, code, "closed");
  }

  /** True while a viewer listens to the call's audio (publish an audio event only then: 50 a second). */
  get listening(): boolean {
    return this.listenerSet().size > 0;
  }

  private listenerSet(): Set<WebSocket> {
    if (!this.listeners) {
      this.listeners = new Set(this.ctx.getWebSockets(VIEWER_TAG).filter((ws) => (ws.deserializeAttachment() as ViewerAttachment | null)?.listen));
    }
    return this.listeners;
  }

  private forget(ws: WebSocket): void {
    this.listeners?.delete(ws);
  }

  /** Sends without waiting; a socket that cannot take it is closed and forgotten. */
  private sendTo(ws: WebSocket, frame: string | ArrayBuffer): boolean {
    try {
      ws.send(frame);
      return true;
    } catch {
      this.forget(ws);
      closeQuietly(ws, 1011, "Send failed.");
      return false;
    }
  }

  /** The invited users' Live Calls lists drop the call (the owner is told by the session). */
  notifyParticipants(): void {
    const state = this.store.state();
    if (!state) return;
    const { callId, userId } = state;
    this.ctx.waitUntil(
      (async () => {
        try {
          await this.tellDropped(callId, await participantIds(db(this.env.DB), callId, userId));
        } catch (err) {
          logWarning(`live call end notification failed ${callId}`, err);
        }
      })(),
    );
  }

  private async tellDropped(callId: string, userIds: string[]): Promise<void> {
    const results = await Promise.allSettled(userIds.map((id) => publishToUser(this.env, id, { type: "live_call_ended", callId })));
    for (const r of results) if (r.status === "rejected") logWarning(`live call end notification failed ${callId}`, r.reason);
  }
}
