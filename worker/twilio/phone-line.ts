// The phone side of a CallSession: prepares the call when /twilio/voice answers, accepts the media
// stream socket, turns Twilio frames into caller audio for the pipeline, ends the call on `stop`, and
// links the caller's number when they type a dashboard link code on the keypad. The Durable Object
// owns sockets, storage and the pipeline; this class only needs the narrow host below.
import type { AiProvider } from "../ai/provider";
import type { LiveFanout } from "../call/fanout";
import type { CallAi, CallState, CallStore, FinalStatus } from "../call/store";
import type { EndReason } from "../call/transport";
import { TwilioTransport, type TwilioStreamStats } from "../call/transports/twilio";
import { db } from "../db/client";
import { claimPhoneCall, redeemLinkCode, userByPhone } from "../db/phone";
import type { Env } from "../env";
import { KeypadCollector } from "./keypad";
import { answererForUser, identifiableNumber, phoneCallState, type PhoneCallSetup } from "./phone-call";

export interface PhoneLineHost {
  ctx: DurableObjectState;
  env: Env;
  store: CallStore;
  fanout: LiveFanout;
  /** The session's tag for the caller socket. */
  callerTag: string;
  /** First liveness/sync alarm after the call is prepared. */
  alarmDelayMs: number;
  /** The call's AI: provider name and which engine runs each stage. */
  ai(): CallAi;
  /** The provider the conversation uses (for the few fixed sentences the phone line speaks itself). */
  provider(): AiProvider;
  startConversation(): void;
  /** Caller audio, 16 kHz PCM16. */
  pushAudio(pcm: Int16Array): void;
  /** A frame arrived on the media stream (the caller is still there). */
  callerActive(): void;
  /** The media stream socket closed or failed. */
  callerGone(ws: WebSocket, code: number): Promise<void>;
  /** Ends the current conversation; the next audio starts one from the stored state (new persona). */
  restartConversation(): Promise<void>;
  finish(status: FinalStatus, reason: EndReason): Promise<void>;
  notifyOwner(state: CallState, event: "live_call_started" | "live_call_ended"): void;
}

export const SAY = {
  linked: (echoName: string) => `Your number is now linked to your Echo account. You're now talking with ${echoName}.`,
  wrongCode: "That code didn't match. Please check the six-digit code on your dashboard and type it again.",
  locked: "That code didn't match either. Please get a new code on your dashboard and call again.",
  noNumber: "Your caller ID is hidden, so I can't link this number. Please call again with your number shown.",
} as const;

export class PhoneLine {
  private readonly transports = new WeakMap<WebSocket, TwilioTransport>();
  /** The media stream socket while it is open. */
  private socket: WebSocket | null = null;
  private readonly keypad = new KeypadCollector();
  private linking: Promise<void> | null = null;

  constructor(private readonly host: PhoneLineHost) {}

  /** Called by /twilio/voice: the call exists (D1 row written) and waits for its media stream. */
  async prepare(setup: PhoneCallSetup): Promise<void> {
    const { store, ctx } = this.host;
    if (store.state()) return; // a retried webhook
    const state = phoneCallState(setup, this.host.ai());
    store.saveState(state);
    await ctx.storage.setAlarm(Date.now() + this.host.alarmDelayMs);
    this.host.notifyOwner(state, "live_call_started");
  }

  /**
   * The media stream socket (the route verified Twilio's signature and the stream token). It is a
   * plain accepted WebSocket with listeners, not a hibernatable one: Twilio sends a frame every 20 ms,
   * so the object never hibernates during a call anyway, and each hibernatable message event costs
   * far more than a listener call (measured in local workerd: ~350 µs vs ~30 µs of CPU per frame,
   * which at 100 calls × 50 frames/s is more than the whole thread). See docs/twilio.md, Benchmarks.
   */
  accept(): Response {
    const { store, ctx } = this.host;
    const state = store.state();
    if (!state || state.callType !== "phone") return new Response("No such phone call.", { status: 404 });
    if (state.phase !== "active") return new Response("The call has ended.", { status: 410 });
    if (this.socket || ctx.getWebSockets(this.host.callerTag).length > 0) {
      return new Response("This call already has a media stream.", { status: 409 });
    }
    const pair = new WebSocketPair();
    const ws = pair[1];
    ws.accept();
    this.socket = ws;
    this.transports.set(ws, new TwilioTransport(ws));
    ws.addEventListener("message", (ev) => {
      this.host.callerActive();
      this.onFrame(ws, ev.data).catch((err: unknown) => console.error("twilio media: frame failed", err));
    });
    const gone = (code: number) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.host.callerGone(ws, code).catch((err: unknown) => console.error("twilio media: ending the call failed", err));
    };
    ws.addEventListener("close", (ev) => gone(ev.code));
    ws.addEventListener("error", () => gone(1011));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** The open media stream socket, if any. */
  get openSocket(): WebSocket | null {
    return this.socket;
  }

  isPhoneSocket(ws: WebSocket): boolean {
    return this.transports.has(ws);
  }

  /** The socket's transport (one per socket: it carries resampler state and unplayed marks). */
  transport(ws: WebSocket): TwilioTransport {
    let transport = this.transports.get(ws);
    if (!transport) {
      transport = new TwilioTransport(ws);
      this.transports.set(ws, transport);
    }
    return transport;
  }

  stats(): TwilioStreamStats | null {
    return this.socket ? { ...this.transport(this.socket).stats } : null;
  }

  async onFrame(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    const event = this.transport(ws).receive(frame);
    const state = this.host.store.state();
    if (!state || state.phase !== "active") return;
    switch (event.kind) {
      case "start": {
        if (state.callerConnectedAt === null) this.host.store.updateState({ callerConnectedAt: Date.now() });
        this.host.startConversation();
        return;
      }
      case "audio":
        this.host.pushAudio(event.pcm);
        return;
      case "dtmf":
        return this.onDigit(event.digit);
      case "stop":
        if (this.linking) await this.linking;
        return this.host.finish("completed", "caller_hung_up");
      case "invalid":
        console.warn("twilio media: ignored frame:", event.error);
        return;
      default:
        return;
    }
  }

  private async onDigit(digit: string): Promise<void> {
    const result = this.keypad.push(digit, Date.now());
    if (result.kind !== "code" || this.linking) return;
    this.linking = this.link(result.code).finally(() => {
      this.linking = null;
    });
    return this.linking;
  }

  /** A complete code was typed: link the caller's number and continue the call with their Echo. */
  private async link(code: string): Promise<void> {
    const { store, env } = this.host;
    const state = store.state();
    if (!state || state.phase !== "active") return;
    const fromNumber = identifiableNumber(state.fromNumber);
    if (!fromNumber) return this.say(SAY.noNumber);
    const database = db(env.DB);
    const userId = await redeemLinkCode(database, code, fromNumber);
    if (!userId) return this.say(this.keypad.attemptsLeft > 0 ? SAY.wrongCode : SAY.locked);
    const user = await userByPhone(database, fromNumber);
    const answerer = await answererForUser(database, userId, user?.phoneEchoId ?? null);
    await claimPhoneCall(database, state.callId, userId, answerer.echoId);
    const previousOwner = state.userId;
    const next = store.updateState({ userId, echoId: answerer.echoId, echoName: answerer.echoName, persona: answerer.persona });
    await this.host.restartConversation();
    // The call now appears on the new owner's dashboard (their phone panel refreshes on it too).
    if (previousOwner && previousOwner !== userId) this.host.notifyOwner(state, "live_call_ended");
    this.host.notifyOwner(next, "live_call_started");
    await this.say(SAY.linked(answerer.echoName));
  }

  /** Speaks a fixed sentence in the current persona's voice; it is part of the transcript. */
  private async say(text: string): Promise<void> {
    const { store, fanout } = this.host;
    const state = store.state();
    if (!state) return;
    let audio;
    try {
      audio = await this.host.provider().synthesize(text, state.persona.voiceStyle);
    } catch (err) {
      console.error("phone line: could not synthesize a prompt", err);
      return;
    }
    const entry = store.addEntry({ speaker: "assistant", text, timestamp: Date.now(), emotions: {} });
    fanout.publish({ kind: "entry", entry });
    const ws = this.socket;
    if (ws) this.transport(ws).sendAudio(audio.samples, audio.sampleRate, entry.id);
  }
}
