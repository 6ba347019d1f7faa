// The phone caller's line: a Twilio Media Stream, accepted by the call's own Durable Object (the Worker
// checked Twilio's signature on the /twilio/media/{callId} upgrade and forwarded it here; no relay).
// The call exists before its stream (/twilio/voice prepares it). The stream counts as the caller only
// once its `start` frame carries the stream token /twilio/voice issued for this call and this CallSid;
// frames that arrive while the token is checked are held and then processed in order. Then: 20 ms
// μ-law frames → the call's audio entry point (phone-stream.ts decodes), keypad digits → linking
// (phone-link.ts), `stop` → the call ends; the pipeline's reply audio goes back as paced μ-law frames.
import type { ServerMessage } from "../../../protocol/call-messages";
import { RECORDING_NOTICE } from "../../../protocol/phone";
import { readConfig } from "../../config/config";
import type { Answerer } from "../../db/answerer";
import { closeQuietly } from "../../http/websocket";
import { systemClock } from "../../pipeline/core/clock";
import { readPipelineSettings } from "../../config/pipeline-settings";
import { promptAudio } from "../../pipeline/reply/fallback-lines";
import { verifyStreamToken } from "../../twilio/stream-token";
import type { SocketGrant } from "../internal-request";
import type { CallAi, CallState } from "../store";
import type { CallerLine, EndReason, LineHost } from "./line";
import { PhoneLinker } from "../setup/phone-link";
import { PhoneStream, type TwilioEvent } from "../../twilio/media-stream";

/** A stream that has not sent a valid `start` this long after it connected is closed. */
const START_TIMEOUT_MS = 10_000;
/** Frames held while the stream token is checked (Twilio sends `connected`, `start`, then media). */
const MAX_HELD_FRAMES = 200;

/** What /twilio/voice hands the call's CallSession before the media stream connects. */
export interface PhoneCallSetup extends Answerer {
  callId: string;
  callSid: string;
  fromNumber: string | null;
  startTime: number;
}

/** The session state of a phone call that is waiting for its media stream. */
export function phoneCallState(setup: PhoneCallSetup, ai: CallAi): CallState {
  return {
    callId: setup.callId,
    userId: setup.userId,
    echoId: setup.echoId,
    echoName: setup.echoName,
    persona: setup.persona,
    callType: "phone",
    ...ai,
    fromNumber: setup.fromNumber,
    startTime: setup.startTime,
    phase: "active",
    callerConnectedAt: null,
    endTime: null,
    finalStatus: null,
    endReason: null,
    d1Finalized: false,
    record: setup.record,
  };
}

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
  private readonly linker: PhoneLinker;

  constructor(private readonly host: LineHost) {
    this.linker = new PhoneLinker(host, (text) => this.say(text));
  }

  /** Called by /twilio/voice: the call exists (D1 row written) and waits for its media stream. */
  async prepare(setup: PhoneCallSetup): Promise<void> {
    if (this.host.store.state()) return; // a retried webhook
    await this.host.open(phoneCallState(setup, this.host.ai()));
  }

  /** Resolves once a keypad link under way is done (the call must not end half-linked). */
  settled(): Promise<void> {
    return this.linker.settled();
  }

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
    const state = this.host.store.state();
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
        console.error("twilio media: stream verification failed", err);
        this.refuse(open, "stream verification failed", 1011);
      });
      return;
    }
    this.host.callerActive();
    // Audio, 50 frames a second, goes straight in (no promise per frame); the rest through onEvent.
    if (event.kind === "audio") {
      try {
        if (open.listening && this.host.store.state()?.phase === "active") this.host.callerAudio(event.pcm);
      } catch (err) {
        console.error("twilio media: frame failed", err);
      }
      return;
    }
    this.onEvent(event).catch((err: unknown) => console.error("twilio media: frame failed", err));
  }

  /** Checks the `start` frame's stream token: signed by us, not expired, for this call and this CallSid. */
  private async verify(open: OpenStream, start: Extract<TwilioEvent, { kind: "start" }>): Promise<void> {
    const authToken = readConfig(this.host.env).twilioAuthToken;
    const verified = authToken ? await verifyStreamToken(authToken, start.customParameters.token) : ({ ok: false, reason: "unconfigured" } as const);
    if (this.open !== open) return;
    if (!verified.ok) return this.refuse(open, `stream token ${verified.reason}`);
    const state = this.host.store.state();
    if (verified.claims.callId !== state?.callId || verified.claims.callSid !== start.callSid) return this.refuse(open, "stream token is for another call");
    if (state.phase !== "active") return this.refuse(open, "the call has ended", 1000);
    clearTimeout(open.timer);
    open.phase = "verified";
    this.host.callerActive();
    if (state.callerConnectedAt === null) this.host.store.updateState({ callerConnectedAt: Date.now() });
    const first = this.host.store.isEmpty();
    const held = open.held;
    open.held = [];
    for (const frame of held) this.onFrame(open, frame);
    // Consent: a recorded call says so before anything else (the greeting follows it).
    try {
      if (first && state.record) await this.say(RECORDING_NOTICE);
    } finally {
      // Even if the notice failed, the call goes on: the caller is listened to and answered.
      if (this.open === open) {
        this.host.startConversation(first);
        open.listening = true;
      }
    }
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
    console.log(`twilio stream ${this.host.store.state()?.callId ?? "?"} closed by Twilio (${code}): ${open.stream.dispose()}`);
    this.host.callerGone(code).catch((err: unknown) => console.error("twilio media: ending the call failed", err));
  }

  private async onEvent(event: TwilioEvent): Promise<void> {
    const state = this.host.store.state();
    if (!state || state.phase !== "active") return;
    switch (event.kind) {
      case "dtmf":
        return this.linker.onDigit(event.digit);
      case "stop":
        return this.host.finish("completed", "caller_hung_up");
      case "invalid":
        console.warn("twilio media: ignored frame:", event.error);
        return;
      default:
        return;
    }
  }

  /**
   * Speaks a fixed sentence in the current persona's voice (in the bundled voice when speech fails);
   * it is part of the transcript.
   */
  private async say(text: string): Promise<void> {
    const { store } = this.host;
    const state = store.state();
    if (!state) return;
    const steps = { clock: systemClock, settings: readPipelineSettings(this.host.env), random: Math.random };
    const { audio, failure } = await promptAudio(this.host.provider(), text, state.persona.voiceStyle, steps);
    if (failure) console.error(`phone line: the prompt "${text}" is said in the bundled voice: speech failed`, failure);
    // The call may have ended while the prompt was being voiced (the caller hung up): it was never said.
    // (A keypad link's confirmation is still stored: the ending waits for the link, and the line is its record.)
    if (store.state()?.phase !== "active") return;
    const audioOffsetMs = this.attached ? this.host.recordAssistant(audio.samples) : null;
    const entry = store.addEntry({ speaker: "assistant", text, timestamp: Date.now(), emotions: {}, audioOffsetMs });
    this.host.publish({ kind: "entry", entry });
    if (!this.attached) return;
    this.sendAudio(audio.samples, audio.sampleRate, entry.id);
    // What the Echo says next is queued behind it: its playback clock must know, or a barge-in during
    // the next reply's last stretch would find that reply already "done" and cut nothing.
    this.host.promptQueued((audio.samples.length * 1000) / audio.sampleRate);
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
