// One Durable Object per call: holds the caller's socket (WebSocket Hibernation API), its viewers, and
// the conversation pipeline; wires pipeline events to storage, caller and viewers. The call's state
// and transcript live in this object's SQLite storage, so an evicted or restarted object resumes the
// call with nothing lost; an alarm syncs the transcript to D1 and finalizes vanished calls.
import { DurableObject } from "cloudflare:workers";
import { CALL_IDLE_TIMEOUT_MS, type ClientMessage, type ServerMessage } from "../../protocol/call";
import type { AiProvider } from "../ai/provider";
import { base64ToPcm16, PcmFormatError } from "../../protocol/pcm16";
import type { Env } from "../env";
import { publishToUser } from "../feed/publish";
import { closeQuietly } from "../http/websocket";
import { ConversationHost } from "./conversation-host";
import { VIEWER_TAG } from "./fanout";
import { readGrant, type SocketGrant } from "./internal-request";
import { CallPersistence } from "./persistence";
import { PipelineBridge } from "./pipeline-bridge";
import { parseClientFrame } from "./protocol-handler";
import { startBrowserCall } from "./start-call";
import { LiveViewers } from "./viewers";
import { CallStore, type CallState, type FinalStatus } from "./store";
import type { CallTransport, EndReason } from "./transport";
import { BrowserTransport, sendJson } from "./transports/browser";
import { PhoneLine } from "../twilio/phone-line";
import type { PhoneCallSetup } from "../twilio/phone-call";

/** Tag of the socket that carries the caller (browser or phone). */
export const CALLER_TAG = "caller";
/** While the call runs: sync pending transcript entries to D1 and check the caller is still there. */
export const SYNC_INTERVAL_MS = 5_000;
/** A caller socket that sends nothing for this long is gone (the browser streams audio, or pings while muted). */
export const IDLE_TIMEOUT_MS = CALL_IDLE_TIMEOUT_MS;
/** A call started before its caller socket (phone) waits this long for it. */
export const CONNECT_GRACE_MS = 30_000;
/** Retry delay of a failed D1 finalization. */
const FINALIZE_RETRY_MS = 10_000;

export class CallSession extends DurableObject<Env> {
  private readonly store: CallStore;
  /** Dashboard viewers of this call (worker/call/viewers.ts): the fan-out of every live event. */
  private readonly fanout: LiveViewers;
  private readonly persistence: CallPersistence;
  private readonly conversation: ConversationHost;
  /** Phone calls (Twilio media stream): see worker/twilio/phone-line.ts. */
  private readonly phone: PhoneLine;
  private lastCallerFrameAt = Date.now();
  private starting = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new CallStore(ctx.storage.sql);
    this.fanout = new LiveViewers(ctx, env, this.store);
    this.persistence = new CallPersistence(env, this.store);
    const bridge = new PipelineBridge({ store: this.store, transport: () => this.callerTransport(), fanout: this.fanout });
    this.conversation = new ConversationHost(env, this.store, (event) => bridge.handle(event));
    this.phone = new PhoneLine({
      ctx,
      env,
      store: this.store,
      fanout: this.fanout,
      callerTag: CALLER_TAG,
      alarmDelayMs: SYNC_INTERVAL_MS,
      ai: () => this.conversation.ai(),
      provider: () => this.conversation.aiProvider(),
      startConversation: () => this.conversation.start(),
      pushAudio: (pcm) => {
        this.conversation.pushAudio(pcm);
        this.fanout.publish({ kind: "audio", speaker: "caller", pcm, sampleRate: 16000 });
      },
      callerActive: () => {
        this.lastCallerFrameAt = Date.now();
      },
      callerGone: (ws, code) => this.onCallerGone(ws, code),
      restartConversation: () => this.conversation.close(),
      finish: (status, reason) => this.finish(status, reason),
      notifyOwner: (state, event) => this.notifyOwner(state, event),
    });
  }

  override async fetch(request: Request): Promise<Response> {
    const grant = readGrant(request);
    if (!grant || request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Not a call socket request.", { status: 400 });
    }
    if (grant.role === "browser") return this.acceptBrowserCaller(grant);
    if (grant.role === "viewer") return this.acceptViewer(grant);
    return this.phone.accept();
  }

  /** /twilio/voice: a phone call starts here, before its media stream connects. */
  async preparePhoneCall(setup: PhoneCallSetup): Promise<void> {
    await this.phone.prepare(setup);
  }

  /** /twilio/status: Twilio reports the call is over. */
  async endPhoneCall(status: FinalStatus, reason: EndReason): Promise<void> {
    await this.finish(status, reason);
  }

  /**
   * Replaces the AI provider for the rest of this call (the conversation restarts from the stored
   * transcript). Tests use it to inject a failing provider; production never calls it.
   */
  useProvider(provider: AiProvider): void {
    this.conversation.useProvider(provider);
  }

  // ---- sockets ----

  private acceptBrowserCaller(grant: SocketGrant): Response {
    if (this.store.state() || this.ctx.getWebSockets(CALLER_TAG).length > 0) {
      return new Response("This call already has a caller.", { status: 409 });
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [CALLER_TAG, "browser"]);
    pair[1].serializeAttachment(grant);
    this.lastCallerFrameAt = Date.now();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** A dashboard viewer (the route checks who may watch): the call so far, then live events. */
  private acceptViewer(grant: SocketGrant): Response {
    return this.fanout.accept(grant);
  }

  /** The browser caller's hibernatable socket, or the phone line's media stream. */
  private callerSocket(): WebSocket | null {
    return this.ctx.getWebSockets(CALLER_TAG)[0] ?? this.phone.openSocket;
  }

  private callerTransport(): CallTransport | null {
    const ws = this.callerSocket();
    if (!ws) return null;
    return this.phone.isPhoneSocket(ws) ? this.phone.transport(ws) : new BrowserTransport(ws);
  }

  override async webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    const tags = this.ctx.getTags(ws);
    if (tags.includes(VIEWER_TAG)) return this.fanout.onMessage(ws, frame);
    if (!tags.includes(CALLER_TAG)) return;
    this.lastCallerFrameAt = Date.now();
    const parsed = parseClientFrame(frame);
    if (!parsed.ok) {
      sendJson(ws, { type: "error", error: parsed.error, code: parsed.code } satisfies ServerMessage);
      return;
    }
    await this.onCallerMessage(ws, parsed.message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await this.onSocketGone(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.onSocketGone(ws, 1011);
  }

  private async onSocketGone(ws: WebSocket, code: number): Promise<void> {
    if (this.ctx.getTags(ws).includes(VIEWER_TAG)) return this.fanout.onGone(ws, code);
    if (!this.ctx.getTags(ws).includes(CALLER_TAG)) return;
    await this.onCallerGone(ws, code);
  }

  private async onCallerGone(ws: WebSocket, code: number): Promise<void> {
    closeQuietly(ws, code, "closed");
    if (this.store.state()?.phase === "active") await this.finish("abandoned", "connection_lost");
  }

  // ---- caller messages ----

  private async onCallerMessage(ws: WebSocket, message: ClientMessage): Promise<void> {
    if (message.type === "ping") return; // liveness only: lastCallerFrameAt is already updated
    const reply = (m: ServerMessage) => sendJson(ws, m);
    const state = this.store.state();
    if (message.type === "start_call") {
      if (state || this.starting) {
        reply({ type: "error", error: "The call has already started.", code: "already-started" });
        return;
      }
      await this.startCall(ws, message);
      return;
    }
    if (!state) {
      reply({ type: "error", error: "Send start_call first.", code: "not-started" });
      return;
    }
    if (state.phase !== "active") {
      // Audio still in flight and a repeated end_call after the end are expected: ignore them quietly.
      if (message.type !== "audio_data" && message.type !== "end_call") {
        reply({ type: "error", error: "The call has ended.", code: "call-ended" });
      }
      return;
    }
    switch (message.type) {
      case "audio_data": {
        let pcm: Int16Array;
        try {
          pcm = base64ToPcm16(message.data);
        } catch (err) {
          if (!(err instanceof PcmFormatError)) throw err;
          reply({ type: "error", error: err.message, code: "invalid-audio" });
          return;
        }
        this.conversation.pushAudio(pcm);
        this.fanout.publish({ kind: "audio", speaker: "caller", pcm, sampleRate: 16000 });
        return;
      }
      case "text_input":
        this.conversation.pushText(message.text);
        return;
      case "end_call":
        await this.finish("completed", "caller_ended");
        return;
    }
  }

  private async startCall(ws: WebSocket, message: Extract<ClientMessage, { type: "start_call" }>): Promise<void> {
    const grant = ws.deserializeAttachment() as SocketGrant;
    this.starting = true;
    try {
      const outcome = await startBrowserCall(this.env, grant, message, this.conversation.ai());
      if (!outcome.ok) {
        sendJson(ws, { type: "error", error: outcome.error, code: outcome.code } satisfies ServerMessage);
        return;
      }
      this.store.saveState(outcome.state);
      await this.ctx.storage.setAlarm(Date.now() + SYNC_INTERVAL_MS);
      sendJson(ws, {
        type: "call_started",
        callId: outcome.state.callId,
        echoName: outcome.state.echoName,
        provider: outcome.state.provider,
        engines: outcome.state.engines,
      } satisfies ServerMessage);
      this.conversation.start();
      this.notifyOwner(outcome.state, "live_call_started");
    } catch (err) {
      console.error("start_call failed", err);
      sendJson(ws, { type: "error", error: "The call could not be started. Please try again.", code: "start-failed" } satisfies ServerMessage);
    } finally {
      this.starting = false;
    }
  }

  // ---- end of the call ----

  /** Ends the call once: stops the pipeline, finalizes D1, then tells the caller and the viewers. */
  private async finish(status: FinalStatus, reason: EndReason): Promise<void> {
    const state = this.store.state();
    if (!state || state.phase !== "active") return;
    const endTime = Date.now();
    this.store.updateState({ phase: "ended", endTime, finalStatus: status, endReason: reason });
    await this.conversation.close(); // the last caller turn and the cut-off reply are stored first
    const done = await this.persistence.finalize({ status, endTime, endReason: reason });
    if (done && !this.store.hasPending()) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Date.now() + FINALIZE_RETRY_MS);
    this.callerTransport()?.end(reason, state.callId);
    this.fanout.publish({ kind: "ended", status, reason });
    this.notifyOwner(state, "live_call_ended");
  }

  private notifyOwner(state: CallState, event: "live_call_started" | "live_call_ended"): void {
    const userId = state.userId;
    if (!userId) return;
    this.ctx.waitUntil(
      (async () => {
        await publishToUser(this.env, userId, { type: event, callId: state.callId });
        await publishToUser(this.env, userId, { type: "call_changed", callId: state.callId });
      })(),
    );
  }

  override async alarm(): Promise<void> {
    const state = this.store.state();
    if (!state) return;
    const now = Date.now();
    if (state.phase === "ended") {
      const done = state.d1Finalized
        ? await this.persistence.syncPending()
        : await this.persistence.finalize({
            status: state.finalStatus ?? "abandoned",
            endTime: state.endTime ?? now,
            endReason: state.endReason ?? "connection_lost",
          });
      if (!done || this.store.hasPending()) await this.ctx.storage.setAlarm(now + FINALIZE_RETRY_MS);
      return;
    }
    const caller = this.callerSocket();
    if (!caller && state.callerConnectedAt !== null) return this.finish("abandoned", "connection_lost");
    if (!caller && now - state.startTime > CONNECT_GRACE_MS) return this.finish("abandoned", "never_connected");
    if (caller && now - this.lastCallerFrameAt > IDLE_TIMEOUT_MS) return this.finish("abandoned", "idle_timeout");
    await this.persistence.syncPending();
    await this.ctx.storage.setAlarm(now + SYNC_INTERVAL_MS);
  }
}
