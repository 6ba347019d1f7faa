// The phone caller's line: a Twilio Media Stream, accepted by the call's own Durable Object (the Worker
// checked Twilio's signature on the /twilio/media/{callId} upgrade and forwarded it here; no relay).
// The call exists before its stream (/twilio/voice prepares it: setup/phone-start.ts). The stream
// counts as the caller only once its `start` frame carries the stream token /twilio/voice issued for
// this call and this CallSid; frames that arrive while the token is checked are held and then processed
// in order. A recorded call's first words are its recording notice, said through the pipeline like any
// reply (LineHost.say); a notice that can't be said leaves the call unrecorded. Then: 20 ms μ-law
// frames → the call's audio entry point (twilio/media-stream.ts decodes), keypad digits → linking
// (setup/phone-link.ts), `stop` → the call ends; the pipeline's reply audio goes back as paced μ-law frames.
import type { ServerMessage } from "../../../protocol/call-messages";
import { RECORDING_NOTICE } from "../../../protocol/phone";
import { closeQuietly } from "../../http/websocket";
import { logError, safeText } from "../../lib/safe-error";
import type { SocketGrant } from "../internal-request";
import type { CallerLine, EndReason, LineHost } from "./line";
import type { CallKeypad } from "../setup/call-keypad";
import type { PhoneStart } from "../setup/phone-start";
import { PhoneStream, type TwilioEvent } from "../../twilio/media-stream";

/** A stream that has not sent a valid `start` this long after it connected is closed. */
const START_TIMEOUT_MS = 10_000;
/** Frames held while the stream token is checked (Twilio sends `connected`, `start`, then media). */
const MAX_HELD_FRAMES = 200;

/** The stream socket while it is open: waiting for `start`, checking its token, or verified. */
interface OpenStream {
  ws: WebSocket;
  stream: PhoneStream;
  phase: "waiting" | "verifying" | "verified";
  /** Frames that arrived while the token was checked. */
  held: (string | ArrayBuffer)[];
  timer: ReturnType<typeof setTimeout>;
  /**
   * The caller's audio goes to the call: false until the recording notice (a recorded call's first words)
   * is queued and the conversation has started. Speech before it is neither recorded nor answered: it
   * would be answered before the notice, then greeted as well.
   */
  listening: boolean;
}

export class PhoneLine implements CallerLine {
  private open: OpenStream | null = null;

  constructor(
    private readonly host: LineHost,
    private readonly starts: PhoneStart,
    /** Keypad digits go to it (it speaks through host.say). */
    private readonly keypad: Pick<CallKeypad, "onDigit">,
  ) {}

  /** True once a verified media stream carries the caller. */
  get attached(): boolean {
    return this.open?.phase === "verified";
  }

  /**
   * Twilio's media stream socket. It is a plain accepted WebSocket with listeners, not a hibernatable
   * one: Twilio sends a frame every 20 ms, so the object never hibernates during a call anyway, and each
   * hibernatable message event costs far more than a listener call (measured in local workerd: ~350 µs
   * vs ~30 µs of CPU per frame). See docs/phone-capacity.md.
   */
  accept(grant: SocketGrant): Response {
    const state = this.host.state();
    if (!state || state.callType !== "phone" || state.callId !== grant.callId) return new Response("No such phone call.", { status: 404 });
    if (state.phase !== "active") return new Response("The call has ended.", { status: 410 });
    if (this.open) return new Response("This call already has a media stream.", { status: 409 });
    const pair = new WebSocketPair();
    const ws = pair[1];
    ws.accept();
    const open: OpenStream = {
      ws,
      stream: new PhoneStream(ws),
      phase: "waiting",
      held: [],
      timer: setTimeout(() => this.refuse(open, "no valid start frame"), START_TIMEOUT_MS),
      listening: false,
    };
    this.open = open;
    ws.addEventListener("message", (ev) => this.onFrame(open, ev.data));
    ws.addEventListener("close", (ev) => this.onGone(open, ev.code));
    ws.addEventListener("error", () => this.onGone(open, 1011));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  private onFrame(open: OpenStream, frame: string | ArrayBuffer): void {
    if (this.open !== open) return;
    if (open.phase === "verifying") {
      if (open.held.length >= MAX_HELD_FRAMES) return this.refuse(open, "too many frames before the stream was verified");
      open.held.push(frame);
      return;
    }
    const event = open.stream.receive(frame);
    if (open.phase === "waiting") {
      if (event.kind === "connected") return;
      if (event.kind !== "start") return this.refuse(open, event.kind === "invalid" ? event.error : "expected start");
      open.phase = "verifying";
      this.verify(open, event).catch((err: unknown) => {
        logError("twilio media: stream verification failed", err);
        this.refuse(open, "stream verification failed", 1011);
      });
      return;
    }
    // Not every frame counts as the caller being there: Twilio streams silence 50 times a second to the
    // end. The idle timer follows what the caller says (the call's turns) and the keys they press.
    // Audio, 50 frames a second, goes straight in (no promise per frame); the rest through onEvent.
    if (event.kind === "audio") {
      try {
        if (open.listening && this.host.state()?.phase === "active") this.host.callerAudio(event.pcm);
      } catch (err) {
        logError("twilio media: frame failed", err);
      }
      return;
    }
    this.onEvent(event).catch((err: unknown) => logError("twilio media: frame failed", err));
  }

  /** Checks the `start` frame's stream token: signed by us, not expired, for this call and this CallSid. */
  private async verify(open: OpenStream, start: Extract<TwilioEvent, { kind: "start" }>): Promise<void> {
    const verdict = await this.starts.verify({ callSid: start.callSid, token: start.customParameters.token });
    if (this.open !== open) return;
    if (!verdict.ok) return this.refuse(open, verdict.reason, verdict.code);
    clearTimeout(open.timer);
    open.phase = "verified";
    this.host.callerActive();
    const { first, record } = this.starts.connected();
    const held = open.held;
    open.held = [];
    for (const frame of held) this.onFrame(open, frame);
    // Consent: a recorded call says so before anything else (the greeting follows it), and is recorded
    // only once the notice has gone out to the caller.
    if (first && record) await this.sayRecordingNotice();
    // The call goes on either way: the caller is listened to and answered.
    if (this.open === open) {
      this.host.startConversation(first);
      open.listening = true;
    }
  }

  /** The recording notice, through the pipeline; if it could not go out, the call is not recorded. */
  private async sayRecordingNotice(): Promise<void> {
    let said = false;
    try {
      said = await this.host.say(RECORDING_NOTICE);
    } catch (err) {
      logError("phone line: the recording notice failed", err);
    }
    // Not said because the call ended meanwhile (the caller hung up): nothing more is recorded anyway.
    if (!said && this.host.state()?.phase === "active") this.starts.unrecorded();
  }

  /** Closes a stream that never became the caller; the call keeps waiting for its stream. */
  private refuse(open: OpenStream, reason: string, code = 1008): void {
    if (this.open !== open || open.phase === "verified") return;
    this.forget(open);
    closeQuietly(open.ws, code, reason);
  }

  private forget(open: OpenStream): void {
    clearTimeout(open.timer);
    open.held = [];
    if (this.open === open) this.open = null;
  }

  private onGone(open: OpenStream, code: number): void {
    if (this.open !== open) return;
    const wasCaller = open.phase === "verified";
    this.forget(open);
    closeQuietly(open.ws, code, "closed");
    if (!wasCaller) return;
    // Twilio closes its socket right after `stop`: nothing more goes out (a queued reply's pump stops).
    console.log(`twilio stream ${this.host.state()?.callId ?? "?"} closed by Twilio (${code}): ${open.stream.dispose()}`);
    this.host.callerGone(code).catch((err: unknown) => logError("twilio media: ending the call failed", err));
  }

  private async onEvent(event: TwilioEvent): Promise<void> {
    const state = this.host.state();
    if (!state || state.phase !== "active") return;
    switch (event.kind) {
      case "dtmf":
        this.host.callerActive();
        return this.keypad.onDigit(event.digit);
      case "stop":
        return this.host.finish("completed", "caller_hung_up");
      case "invalid":
        console.warn("twilio media: ignored frame:", safeText(event.error));
        return;
      default:
        return;
    }
  }

  // ---- the pipeline's output (only to a verified stream) ----

  send(message: ServerMessage): void {
    if (this.attached) this.open!.stream.send(message);
  }

  sendAudio(pcm: Int16Array, sampleRate: number, entryId: string): void {
    if (this.attached) this.open!.stream.sendAudio(pcm, sampleRate, entryId);
  }

  stopPlayback(entryId: string): void {
    if (this.attached) this.open!.stream.stopPlayback(entryId);
  }

  end(reason: EndReason, callId: string): void {
    if (this.attached) this.open!.stream.end(reason, callId);
  }
}
