// The browser caller's line: the /ws/call socket (hibernatable, tagged "caller") and the spec's JSON
// messages, each frame read and validated with the shared protocol's reader. In: start_call (checked
// and its call row made by setup/browser-start.ts), audio_data (base64 PCM16 → the call's audio entry
// point), text_input, end_call, ping. Out: transcription, ai_response, audio_response, interrupt,
// error, call_ended, pong.
import { AUDIO_SAMPLE_RATE, clientMessages, type ClientMessage, type ServerMessage } from "../../../protocol/call-messages";
import { readFrame } from "../../../protocol/frame";
import { base64ToPcm16, pcm16ToBase64, PcmFormatError } from "../../../protocol/pcm16";
import { CLOSE_SIGNED_OUT, SIGNED_OUT_REASON } from "../../../protocol/sockets";
import type { EndedSessions } from "../../http/session-tag";
import { closeQuietly } from "../../http/websocket";
import type { SocketGrant } from "../internal-request";
import type { BrowserStart } from "../setup/browser-start";
import type { CallerLine, EndReason, LineHost } from "./line";
import { logError } from "../../lib/safe-error";
import { TypedMessageLimit } from "../../limits/typed-messages";

/** Tag of the browser caller's hibernatable socket. */
export const CALLER_TAG = "caller";

/**
 * Samples per audio_response frame: base64 of PCM16 is 8/3 characters per sample, so 32768 samples
 * (~2 s at 16 kHz) make ~87 KB frames, well under MAX_FRAME_BYTES (protocol/call-messages.ts) with the JSON around them.
 */
const AUDIO_FRAME_SAMPLES = 32768;

/** The call object's hibernatable sockets (its DurableObjectState), where the caller's socket lives. */
export type CallerSockets = Pick<DurableObjectState, "acceptWebSocket" | "getWebSockets">;

/** Sends a message; a closed or failing socket is ignored (the close handler deals with it). */
function sendJson(ws: WebSocket, message: ServerMessage): boolean {
  try {
    ws.send(JSON.stringify(message));
    return true;
  } catch {
    return false;
  }
}

export class BrowserLine implements CallerLine {
  private starting = false;
  /** The session that opened the socket ended before a call started on it (closeSignedOut). */
  private signedOut = false;
  /** Typed messages taken in this call (limits/typed-messages.ts). */
  private readonly typed = new TypedMessageLimit();

  constructor(
    private readonly host: LineHost,
    private readonly sockets: CallerSockets,
    private readonly starts: BrowserStart,
  ) {}

  /** The caller's socket (found again after the object wakes from hibernation). */
  private socket(): WebSocket | null {
    return this.sockets.getWebSockets(CALLER_TAG)[0] ?? null;
  }

  get attached(): boolean {
    return this.socket() !== null;
  }

  /** A signed-in user's /ws/call upgrade (the route checked Origin and session): one caller per call. */
  accept(grant: SocketGrant): Response {
    if (this.host.state() || this.attached) return new Response("This call already has a caller.", { status: 409 });
    const pair = new WebSocketPair();
    this.sockets.acceptWebSocket(pair[1], [CALLER_TAG, "browser"]);
    pair[1].serializeAttachment(grant);
    this.host.callerActive();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** True when the caller's socket was opened by a session among `ended` of user `userId`. */
  openedBy(userId: string, ended: EndedSessions): boolean {
    const grant = this.socket()?.deserializeAttachment() as SocketGrant | null | undefined;
    if (!grant || grant.userId !== userId) return false;
    return "everySession" in ended || grant.sessionTag === ended.sessionTag;
  }

  /** The caller's session ended before a call started on this socket: it closes (and a start under way stops). */
  closeSignedOut(): void {
    this.signedOut = true;
    const ws = this.socket();
    if (ws) closeQuietly(ws, CLOSE_SIGNED_OUT, SIGNED_OUT_REASON);
  }

  /**
   * The grace alarm found no call: a socket that never started one (or was refused) is closed. True when
   * a start_call is still under way: the alarm looks again later.
   */
  closeUnstarted(): boolean {
    if (this.starting) return true;
    const ws = this.socket();
    if (!ws || this.host.state()) return false;
    sendJson(ws, { type: "error", error: "No call was started on this connection.", code: "not-started" });
    closeQuietly(ws, 1008, "No call was started.");
    return false;
  }

  async onMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    this.host.callerActive();
    const parsed = readFrame(clientMessages, frame);
    if (!parsed.ok) {
      sendJson(ws, { type: "error", error: parsed.error, code: parsed.code });
      return;
    }
    await this.onClientMessage(ws, parsed.message);
  }

  /** The socket closed or failed: the call ends if it was running. */
  async onGone(ws: WebSocket, code: number): Promise<void> {
    closeQuietly(ws, code, "closed");
    await this.host.callerGone(code);
  }

  private async onClientMessage(ws: WebSocket, message: ClientMessage): Promise<void> {
    const reply = (m: ServerMessage) => sendJson(ws, m);
    if (message.type === "ping") {
      reply({ type: "pong" }); // the heartbeat (protocol/heartbeat.ts); callerActive() has been called
      return;
    }
    const state = this.host.state();
    if (message.type === "start_call") {
      if (state || this.starting) {
        reply({ type: "error", error: "The call has already started.", code: "already-started" });
        return;
      }
      await this.start(ws, message);
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
        this.host.callerAudio(pcm);
        return;
      }
      case "text_input": {
        const refused = this.typed.refuse(Date.now());
        if (refused) {
          reply({ type: "error", error: refused, code: "typing-limit" });
          return;
        }
        this.host.callerText(message.text);
        return;
      }
      case "end_call":
        await this.host.finish("completed", "caller_ended");
        return;
    }
  }

  private async start(ws: WebSocket, message: Extract<ClientMessage, { type: "start_call" }>): Promise<void> {
    const grant = ws.deserializeAttachment() as SocketGrant;
    this.starting = true;
    /** The row made for this call, until the call is opened: removed should setting up fail after it. */
    let unopened: string | null = null;
    try {
      const outcome = await this.starts.check(grant, message);
      if (!outcome.ok) {
        sendJson(ws, { type: "error", error: outcome.error, code: outcome.code });
        return;
      }
      unopened = outcome.state.callId;
      if (outcome.sessionEnded) this.closeSignedOut();
      if (!this.attached || this.signedOut) {
        // The caller left (End while connecting) or signed out while the call was being set up: it never started.
        try {
          await this.starts.discard(outcome.state.callId);
        } catch (err) {
          // Its row stays: the call opens and ends at once, so D1 never keeps it in progress (nor does the Echo speak).
          logError("start_call: the row of a call its caller left during setup could not be removed", err);
          await this.starts.open(outcome.state);
          await this.host.finish(this.signedOut ? "completed" : "abandoned", this.signedOut ? "signed_out" : "connection_lost");
        }
        return;
      }
      await this.starts.open(outcome.state);
      unopened = null;
      sendJson(ws, {
        type: "call_started",
        callId: outcome.state.callId,
        echoName: outcome.state.echoName,
        provider: outcome.state.provider,
        engines: outcome.state.engines,
      });
      this.host.startConversation(true); // the Echo greets the caller on pickup, as on the phone
    } catch (err) {
      logError("start_call failed", err);
      // A row in progress with no call behind it would keep a place among the user's test calls.
      if (unopened) await this.starts.discard(unopened).catch((e: unknown) => logError("start_call: the row could not be removed", e));
      sendJson(ws, { type: "error", error: "The call could not be started. Please try again.", code: "start-failed" });
    } finally {
      this.starting = false;
    }
  }

  // ---- the pipeline's output ----

  send(message: ServerMessage): void {
    const ws = this.socket();
    if (ws) sendJson(ws, message);
  }

  sendAudio(pcm: Int16Array, sampleRate: number, entryId: string): void {
    const rate = sampleRate || AUDIO_SAMPLE_RATE;
    for (let i = 0; i < pcm.length; i += AUDIO_FRAME_SAMPLES) {
      const data = pcm16ToBase64(pcm.subarray(i, i + AUDIO_FRAME_SAMPLES));
      this.send({ type: "audio_response", data, sampleRate: rate, entryId });
    }
  }

  stopPlayback(entryId: string): void {
    this.send({ type: "interrupt", entryId });
  }

  end(reason: EndReason, callId: string): void {
    const ws = this.socket();
    if (!ws) return;
    sendJson(ws, { type: "call_ended", callId, reason });
    closeQuietly(ws, 1000, "call ended");
  }
}
