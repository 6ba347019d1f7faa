// A Twilio stand-in that speaks Twilio's exact protocols, for tests (inside workerd) and benchmarks
// (Node, against the local dev server):
//  - the voice webhook: a signed application/x-www-form-urlencoded POST to /twilio/voice, whose TwiML
//    answer is parsed for <Connect><Stream url> and its <Parameter>s;
//  - the media stream: a WebSocket upgrade to the TwiML's Stream URL (whatever path it names; ours is
//    per call, /twilio/media/{callId}) signed like Twilio signs it (the wss:// URL, no parameters),
//    then `connected`, `start` (mediaFormat audio/x-mulaw 8000 Hz mono, the customParameters), one
//    `media` frame every 20 ms for the whole call (160 bytes of μ-law; silence when the caller says
//    nothing), `dtmf`, `mark` echoes when queued reply audio has been played out, and
//    `stop`. Sequence numbers, chunks and timestamps are strings, as on the wire;
//  - playback: reply `media` (any number of whole 160-byte frames per message) is queued and played at
//    real time, 20 ms a frame; a `mark` comes back when playback
//    reaches it; `clear` drops the queue and returns the pending marks at once (as Twilio does).
// Signatures come from the official `twilio` helper library. Caller audio is made with an independent
// codec (the `alawmulaw` package and a plain windowed-sinc decimator), not the Worker's own.
// The HTTP side (network, signed webhooks, TwiML parsing, the call row) is in twilio-webhooks.ts.
import * as alawmulawModule from "alawmulaw";
import twilio from "twilio";
import { twilioOutboundSchema, type TwilioOutbound } from "../../worker/twilio/media-messages";
import { parseConnectStream, type ParsedTwiml, postSigned, type SimNetwork, voiceParams } from "./twilio-webhooks";
import { anotherCaller, sid } from "./sim-ids";

/** The `alawmulaw` package (a UMD bundle under Node, ES modules under Vite). */
const alawmulaw: Pick<typeof alawmulawModule, "mulaw"> =
  "mulaw" in alawmulawModule && alawmulawModule.mulaw ? alawmulawModule : (alawmulawModule as unknown as { default: Pick<typeof alawmulawModule, "mulaw"> }).default;

export interface DialOptions {
  authToken: string;
  /** The caller ID (From); not given: a number of its own for this call. */
  from?: string;
  to?: string;
  callSid?: string;
  accountSid?: string;
  /** Inbound pacing: 1 = real time (20 ms per frame); 2 = twice as fast. Playback stays real time. */
  speed?: number;
  /**
   * Twilio's STIR/SHAKEN verdict in the voice webhook (StirVerstat). Default: full attestation, as a caller
   * phoning from their own line on a US carrier gets; null sends none (a forged or unattested caller ID).
   */
  stirVerstat?: string | null;
}

export const FRAME_BYTES = 160;
export const FRAME_MS = 20;
const MULAW_SILENCE = 0xff;

const DECIMATE_TAPS = (() => {
  const n = 63;
  const fc = 3600 / 16000;
  const taps: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = i - (n - 1) / 2;
    const sinc = k === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * k) / (Math.PI * k);
    taps.push(sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (n - 1))));
  }
  const sum = taps.reduce((a, b) => a + b, 0);
  return taps.map((t) => t / sum);
})();

export function mulawFrom16k(pcm16k: Int16Array): Uint8Array {
  const half = (DECIMATE_TAPS.length - 1) / 2;
  const out = new Int16Array(Math.floor(pcm16k.length / 2));
  for (let m = 0; m < out.length; m++) {
    let acc = 0;
    for (let j = 0; j < DECIMATE_TAPS.length; j++) {
      const idx = 2 * m + j - half;
      if (idx >= 0 && idx < pcm16k.length) acc += DECIMATE_TAPS[j]! * pcm16k[idx]!;
    }
    out[m] = Math.max(-32768, Math.min(32767, Math.round(acc)));
  }
  return alawmulaw.mulaw.encode(out);
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}
/** A silent frame's payload, encoded once: most frames of a call are silence, and the simulator's own
 * CPU per frame (on the same cores as the Worker in the benchmark) is kept small. */
const SILENT_PAYLOAD = toBase64(new Uint8Array(FRAME_BYTES).fill(MULAW_SILENCE));

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

type Played = { kind: "media"; payload: Uint8Array } | { kind: "mark"; name: string };

/** One simulated phone call: the webhook, then its media stream. */
export class TwilioCall {
  readonly callSid: string;
  readonly streamSid = sid("MZ");
  readonly accountSid: string;
  readonly from: string;
  readonly to: string;
  /** Everything the server sent on the stream, in order (parsed). */
  readonly outbound: TwilioOutbound[] = [];
  /** Server frames that broke the protocol (bad JSON/shape, wrong streamSid, media not whole 160-byte frames). */
  readonly violations: string[] = [];
  /** Reply audio actually played to the caller (μ-law bytes). */
  playedBytes = 0;
  /** Marks echoed back to the server (played or cleared). */
  readonly marksEchoed: string[] = [];
  /** How late each inbound frame left, in ms after its 20 ms slot (the simulator's own scheduling). */
  readonly sendLagMs: number[] = [];
  framesSent = 0;
  closed: { code: number; reason: string } | null = null;
  twiml: ParsedTwiml | null = null;

  private ws: WebSocket | null = null;
  private seq = 0;
  private chunk = 0;
  private speech: Uint8Array[] = [];
  private speechOffset = 0;
  private speechDone: (() => void)[] = [];
  private playback: Played[] = [];
  private playStartedAt: number | null = null;
  private playedFrames = 0;
  private running = false;
  private waiters: (() => void)[] = [];
  private loop: Promise<void> | null = null;

  private constructor(
    readonly net: SimNetwork,
    readonly opts: DialOptions,
  ) {
    this.callSid = opts.callSid ?? sid("CA");
    this.accountSid = opts.accountSid ?? "AC00000000000000000000000000000000".slice(0, 34);
    this.from = opts.from ?? anotherCaller();
    this.to = opts.to ?? "+15550100199";
  }

  /** Rings the voice webhook; throws unless it answered with <Connect><Stream>. */
  static async dial(net: SimNetwork, opts: DialOptions): Promise<TwilioCall> {
    const call = new TwilioCall(net, opts);
    const stir = opts.stirVerstat === undefined ? "TN-Validation-Passed-A" : opts.stirVerstat;
    const res = await postSigned(net, "/twilio/voice", { ...voiceParams(call), ...(stir ? { StirVerstat: stir } : {}) }, { authToken: opts.authToken });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`/twilio/voice answered ${res.status}: ${body}`);
    if (!/^text\/xml/.test(res.headers.get("content-type") ?? "")) throw new Error(`TwiML must be text/xml (got ${res.headers.get("content-type")})`);
    call.twiml = parseConnectStream(body);
    return call;
  }

  /**
   * An outbound call Twilio placed (REST) and someone answered: `twimlXml` is our voice webhook's answer
   * (twilio-rest-sim.ts requested it), which must connect a media stream.
   */
  static answered(net: SimNetwork, opts: DialOptions, twimlXml: string): TwilioCall {
    const call = new TwilioCall(net, opts);
    call.twiml = parseConnectStream(twimlXml);
    return call;
  }

  /** Opens the media stream (signed upgrade), sends `connected` and `start`, and starts the 20 ms clock. */
  async connect(overrides: { customParameters?: Record<string, string>; signature?: string | null } = {}): Promise<void> {
    const twiml = this.twiml!;
    const url = new URL(twiml.streamUrl);
    if (url.search) throw new Error("Stream URLs take no query string");
    const signature = overrides.signature === undefined ? twilio.getExpectedTwilioSignature(this.opts.authToken, twiml.streamUrl, {}) : overrides.signature;
    const headers: Record<string, string> = {};
    if (signature !== null) headers["X-Twilio-Signature"] = signature;
    const { status, socket } = await this.net.openSocket(url.pathname, headers);
    if (status !== 101 || !socket) throw new Error(`media stream upgrade answered ${status}`);
    this.attach(socket);
    this.sendRaw({ event: "connected", protocol: "Call", version: "1.0.0" });
    this.sendRaw({
      event: "start",
      sequenceNumber: this.nextSeq(),
      start: {
        accountSid: this.accountSid,
        streamSid: this.streamSid,
        callSid: this.callSid,
        tracks: ["inbound"],
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
        customParameters: overrides.customParameters ?? twiml.parameters,
      },
      streamSid: this.streamSid,
    });
    this.running = true;
    this.loop = this.run();
  }

  /** Queues caller speech (16 kHz PCM16); resolves once its last frame has been sent. */
  say(pcm16k: Int16Array): Promise<void> {
    this.speech.push(mulawFrom16k(pcm16k));
    return new Promise((resolve) => this.speechDone.push(resolve));
  }

  /** Types digits on the keypad, `gapMs` apart. */
  async press(digits: string, gapMs = 120): Promise<void> {
    for (const digit of digits) {
      this.sendRaw({ event: "dtmf", streamSid: this.streamSid, sequenceNumber: this.nextSeq(), dtmf: { track: "inbound_track", digit } });
      await sleep(gapMs);
    }
  }

  /** The caller hangs up: `stop`, then the socket closes (waits up to `ms` for the server to close first). */
  async hangUp(ms = 8000): Promise<void> {
    this.running = false;
    await this.loop;
    this.sendRaw({ event: "stop", sequenceNumber: this.nextSeq(), streamSid: this.streamSid, stop: { accountSid: this.accountSid, callSid: this.callSid } });
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await sleep(20);
    if (!this.closed) this.ws?.close(1000, "stop");
  }

  /**
   * Drops the socket without a `stop` (network loss). 4000, not 1001: a client may only close with
   * 1000 or 3000–4999 (Node's WebSocket throws on anything else, which ended a bench's whole run).
   */
  async drop(): Promise<void> {
    this.running = false;
    await this.loop;
    this.ws?.close(4000, "gone");
  }

  /** Sends any frame as is (tests of bad input). */
  sendRaw(frame: unknown): void {
    try {
      this.ws?.send(typeof frame === "string" || frame instanceof ArrayBuffer ? frame : JSON.stringify(frame));
    } catch {
      // closed
    }
  }

  outboundOf<E extends TwilioOutbound["event"]>(event: E): Extract<TwilioOutbound, { event: E }>[] {
    return this.outbound.filter((m): m is Extract<TwilioOutbound, { event: E }> => m.event === event);
  }

  /** 20 ms frames of reply audio received so far (a `media` message may carry several). */
  get framesReceived(): number {
    return this.outboundOf("media").reduce((n, m) => n + Math.floor(fromBase64(m.media.payload).length / FRAME_BYTES), 0);
  }

  /** Resolves when `check` holds (checked on every server frame and every 20 ms tick). */
  async until(check: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`twilio-sim: no ${what} within ${timeoutMs} ms`);
      if (this.closed && !check()) throw new Error(`twilio-sim: stream closed (${this.closed.code} ${this.closed.reason}) before ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  get nextSequenceNumber(): number {
    return this.seq + 1;
  }

  private nextSeq(): string {
    return String(++this.seq);
  }

  private attach(ws: WebSocket): void {
    this.ws = ws;
    ws.addEventListener("message", (ev: MessageEvent) => this.onServerFrame(ev.data));
    ws.addEventListener("close", (ev: CloseEvent) => {
      this.closed = { code: ev.code, reason: ev.reason };
      this.running = false;
      this.wake();
    });
  }

  private onServerFrame(data: unknown): void {
    if (typeof data !== "string") {
      this.violations.push("binary frame");
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      this.violations.push(`not JSON: ${data.slice(0, 80)}`);
      return;
    }
    const parsed = twilioOutboundSchema.safeParse(raw);
    if (!parsed.success) {
      this.violations.push(`bad shape: ${data.slice(0, 120)}`);
      return;
    }
    const m = parsed.data;
    if (m.streamSid !== this.streamSid) this.violations.push(`wrong streamSid ${m.streamSid}`);
    this.outbound.push(m);
    if (m.event === "media") {
      // Twilio plays outbound media of any length; ours must be whole 20 ms frames (160 bytes each).
      const bytes = fromBase64(m.media.payload);
      if (bytes.length === 0 || bytes.length % FRAME_BYTES !== 0) this.violations.push(`media of ${bytes.length} bytes (not whole 20 ms frames)`);
      for (let at = 0; at < bytes.length; at += FRAME_BYTES) this.playback.push({ kind: "media", payload: bytes.subarray(at, at + FRAME_BYTES) });
      this.playStartedAt ??= Date.now();
    } else if (m.event === "mark") {
      this.playback.push({ kind: "mark", name: m.mark.name });
      this.echoPlayedMarks();
    } else {
      // clear: drop buffered audio now, hand back every pending mark
      const pending = this.playback.filter((p): p is Extract<Played, { kind: "mark" }> => p.kind === "mark");
      this.playback = [];
      this.playStartedAt = null;
      this.playedFrames = 0;
      for (const p of pending) this.echoMark(p.name);
    }
    this.wake();
  }

  private echoMark(name: string): void {
    this.marksEchoed.push(name);
    this.sendRaw({ event: "mark", sequenceNumber: this.nextSeq(), streamSid: this.streamSid, mark: { name } });
  }

  /** Plays queued reply audio up to now (real time) and echoes the marks it reaches. */
  private echoPlayedMarks(): void {
    const now = Date.now();
    if (this.playStartedAt !== null) {
      const due = Math.floor((now - this.playStartedAt) / FRAME_MS);
      while (this.playedFrames < due) {
        const i = this.playback.findIndex((p) => p.kind === "media");
        if (i < 0) break;
        for (const p of this.playback.splice(0, i + 1)) {
          if (p.kind === "mark") this.echoMark(p.name);
          else this.playedBytes += p.payload.length;
        }
        this.playedFrames++;
      }
    }
    while (this.playback[0]?.kind === "mark") this.echoMark((this.playback.shift() as { name: string }).name);
    if (!this.playback.some((p) => p.kind === "media")) {
      this.playStartedAt = null;
      this.playedFrames = 0;
    }
  }

  private nextFrame(): Uint8Array {
    const frame = new Uint8Array(FRAME_BYTES).fill(MULAW_SILENCE);
    let filled = 0;
    while (filled < FRAME_BYTES && this.speech.length > 0) {
      const current = this.speech[0]!;
      const take = Math.min(FRAME_BYTES - filled, current.length - this.speechOffset);
      frame.set(current.subarray(this.speechOffset, this.speechOffset + take), filled);
      filled += take;
      this.speechOffset += take;
      if (this.speechOffset >= current.length) {
        this.speech.shift();
        this.speechOffset = 0;
        this.speechDone.shift()?.();
      }
    }
    return frame;
  }

  private async run(): Promise<void> {
    const speed = this.opts.speed ?? 1;
    const t0 = Date.now();
    while (this.running) {
      const due = t0 + (this.chunk * FRAME_MS) / speed;
      const now = Date.now();
      if (now < due) {
        await sleep(due - now);
        continue;
      }
      this.sendLagMs.push(now - due);
      this.chunk++;
      this.framesSent++;
      this.sendRaw({
        event: "media",
        sequenceNumber: this.nextSeq(),
        media: { track: "inbound", chunk: String(this.chunk), timestamp: String((this.chunk - 1) * FRAME_MS), payload: this.speech.length === 0 ? SILENT_PAYLOAD : toBase64(this.nextFrame()) },
        streamSid: this.streamSid,
      });
      this.echoPlayedMarks();
      this.wake();
    }
    for (const done of this.speechDone.splice(0)) done();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
