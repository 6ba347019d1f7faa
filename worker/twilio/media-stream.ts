// The phone line's media stream codec: one Twilio Media Stream (bidirectional <Connect><Stream>). Inbound, 20 ms frames
// of base64 μ-law at 8 kHz become the pipeline's 16 kHz PCM16; outbound, reply audio goes in `media`
// messages of 100 ms (reply-media.ts: 8 kHz μ-law, made as each message is sent) with a `mark` after each sentence, so
// Twilio tells us when each sentence has been heard. Twilio plays outbound media of any length; one
// message per 100 ms instead of per 20 ms is a fifth of the runtime's per-send cost, the largest
// share of a phone call's CPU in local workerd. Audio leaves at playback pace (PacedOutbox),
// clocked by Twilio's own inbound frames (one every 20 ms), with a timer only when those pause.
// Barge-in drops what was not sent yet and sends `clear`: Twilio drops whatever it still had buffered
// at once (and returns the pending marks).
import type { ServerMessage } from "../../protocol/call-messages";
import { base64IntoBytes, base64ToBytes, PcmFormatError } from "../../protocol/pcm16";
import { decodeMulaw } from "../audio/mulaw";
import { Upsampler8to16 } from "../audio/resample";
import {
  clearMessage,
  markMessage,
  MediaMessageWriter,
  parseTwilioFrame,
  readPlainMediaFrame,
  TWILIO_FRAME_BYTES,
  TWILIO_FRAME_MS,
  TWILIO_SAMPLE_RATE,
  type TwilioOutbound,
} from "./media-messages";
import { MediaFrameReader } from "./media-scan";
import { FrameLag } from "./frame-lag";
import { PacedOutbox } from "./paced-outbox";
import { REPLY_FRAMES_PER_MESSAGE, type ReplyAudio, replyFrames, replyMulaw } from "./reply-media";

/** What a Twilio frame means to the call. */
export type TwilioEvent =
  | { kind: "connected" }
  | { kind: "start"; streamSid: string; callSid: string; customParameters: Record<string, string> }
  /** 20 ms of caller audio as 16 kHz PCM16 (320 samples). */
  | { kind: "audio"; pcm: Int16Array }
  | { kind: "dtmf"; digit: string }
  /** Twilio finished playing everything before this mark (or dropped it after a `clear`). */
  | { kind: "played"; mark: string }
  | { kind: "stop"; callSid: string }
  /** Ignored frames: outbound-track echoes, frames before start or naming another stream. */
  | { kind: "ignored"; why: string }
  | { kind: "invalid"; error: string };

export interface TwilioStreamStats {
  framesIn: number;
  /** Inbound media chunks that never arrived (gaps in Twilio's chunk numbers). */
  framesMissing: number;
  /** Reply audio sent, in 20 ms frames (several to a `media` message). */
  framesOut: number;
  marksSent: number;
  clears: number;
}

/**
 * Reply audio kept ahead of playback: a 100 ms message goes once all of it fits, so just before each
 * send Twilio still holds ≥ 180 ms, as it did with single frames and a 200 ms lead.
 */
export const REPLY_LEAD_MS = 200 + (REPLY_FRAMES_PER_MESSAGE - 1) * TWILIO_FRAME_MS;

/** A frame after start that does not name the started stream. */
function outsideStream(event: string): TwilioEvent {
  return { kind: "ignored", why: `${event} outside the started stream` };
}

/** 16 kHz frames per block of caller audio (a second). */
const FRAMES_PER_BLOCK = 50;

/** How long the stand-by pump timer waits while Twilio's frames are coming (well inside the lead). */
const PUMP_STANDBY_MS = 100;

/**
 * One Twilio media stream, both directions. Its methods are the call's caller-line contract
 * (worker/call/lines/line.ts CallerLine), matched by shape: this wire code knows nothing of calls.
 */
export class PhoneStream {
  readonly stats: TwilioStreamStats = {
    framesIn: 0,
    framesMissing: 0,
    framesOut: 0,
    marksSent: 0,
    clears: 0,
  };
  /** Inbound frame lag against the media timestamps (frame-lag.ts). */
  readonly lag = new FrameLag();
  private readonly upsampler = new Upsampler8to16();
  /** 16 kHz frames are views cut from blocks of a second: one buffer a second instead of one a frame. */
  private block = new Int16Array(0);
  private blockAt = 0;
  private readonly reader = new MediaFrameReader();
  private readonly payloadIn = new Uint8Array(TWILIO_FRAME_BYTES);
  private readonly mulawIn = new Int16Array(TWILIO_FRAME_BYTES);
  private lastChunk = 0;
  private markSeq = 0;
  /** Marks sent whose audio Twilio has not finished playing yet, oldest first. */
  private readonly unplayed: string[] = [];
  private readonly outbox = new PacedOutbox<ReplyAudio>(
    { audio: (audio, firstFrame, frames) => this.sendMedia(audio, firstFrame, frames), mark: (name) => this.sendMark(name) },
    REPLY_LEAD_MS,
    TWILIO_FRAME_MS,
    REPLY_FRAMES_PER_MESSAGE,
  );
  /** A message's μ-law bytes and 8 kHz samples as it is sent (base64-encoded at once, so reused). */
  private readonly mulawOut = new Uint8Array(REPLY_FRAMES_PER_MESSAGE * TWILIO_FRAME_BYTES);
  private readonly pcm8Out = new Int16Array(REPLY_FRAMES_PER_MESSAGE * TWILIO_FRAME_BYTES);
  /** The started stream's `media` messages (made on its first reply). */
  private mediaWriter: MediaMessageWriter | null = null;
  /** Pumps the outbox when Twilio's inbound frames (which normally do) stop coming. */
  private pumpTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the outbox was last pumped (by an inbound frame or the timer). */
  private lastPumpAt = 0;

  /** `streamSid` is known once the `start` frame has been seen (the session keeps it across restarts). */
  constructor(
    private readonly ws: WebSocket,
    private streamSid: string | null = null,
  ) {}

  get stream(): string | null {
    return this.streamSid;
  }

  /** True while sent reply audio has not been played out by Twilio yet. */
  get playing(): boolean {
    return this.unplayed.length > 0;
  }

  // ---- inbound ----

  receive(frame: string | ArrayBuffer): TwilioEvent {
    // Media frames in Twilio's plain shape (nearly all of them) are checked and used in place.
    if (readPlainMediaFrame(frame, this.reader)) return this.plainMedia(this.reader);
    const parsed = parseTwilioFrame(frame);
    if (!parsed.ok) return { kind: "invalid", error: parsed.error };
    const m = parsed.message;
    // Everything after start names the started stream; frames naming another one are not this call's.
    if (m.event !== "connected" && m.event !== "start" && (!this.streamSid || m.streamSid !== this.streamSid)) return outsideStream(m.event);
    switch (m.event) {
      case "connected":
        return { kind: "connected" };
      case "start":
        // A second start naming another stream would take over this one's audio: refused.
        if (this.streamSid && m.start.streamSid !== this.streamSid) return { kind: "invalid", error: "start for another stream on a started socket" };
        this.streamSid = m.start.streamSid;
        return { kind: "start", streamSid: m.start.streamSid, callSid: m.start.callSid, customParameters: m.start.customParameters };
      case "media":
        if (m.media.track !== "inbound") return { kind: "ignored", why: `${m.media.track} track` };
        return this.audio(m.media.payload, 0, m.media.payload.length, Number(m.media.chunk), Number(m.media.timestamp));
      case "dtmf":
        return { kind: "dtmf", digit: m.dtmf.digit };
      case "mark": {
        const at = this.unplayed.indexOf(m.mark.name);
        if (at >= 0) this.unplayed.splice(0, at + 1);
        return { kind: "played", mark: m.mark.name };
      }
      case "stop":
        return { kind: "stop", callSid: m.stop.callSid };
    }
  }

  /** A media frame the reader accepted: the same checks as a parsed one, on its values in place. */
  private plainMedia(r: MediaFrameReader): TwilioEvent {
    if (!this.streamSid || !r.is("streamSid", this.streamSid)) return outsideStream("media");
    if (!r.is("track", "inbound")) return { kind: "ignored", why: `${r.value("track")} track` };
    return this.audio(r.frameText, r.start("payload"), r.end("payload"), r.number("chunk"), r.number("timestamp"));
  }

  /** Inbound audio: the base64 μ-law payload at `text[from, to)` with its chunk number and media timestamp. */
  private audio(text: string, from: number, to: number, chunk: number, timestamp: number): TwilioEvent {
    // A 20 ms payload decodes into the stream's own buffer (no allocation); any other size the usual way.
    const decoded = base64IntoBytes(text, this.payloadIn, from, to);
    let bytes: Uint8Array;
    if (decoded === TWILIO_FRAME_BYTES) bytes = this.payloadIn;
    else if (decoded >= 0) bytes = this.payloadIn.subarray(0, decoded);
    else {
      try {
        bytes = base64ToBytes(text.slice(from, to));
      } catch (err) {
        if (err instanceof PcmFormatError) return { kind: "invalid", error: "media payload is not base64" };
        throw err;
      }
    }
    if (this.lastChunk && chunk > this.lastChunk + 1) this.stats.framesMissing += chunk - this.lastChunk - 1;
    if (chunk > this.lastChunk) this.lastChunk = chunk;
    this.stats.framesIn++;
    const now = Date.now();
    this.lag.record(now, timestamp, chunk);
    this.pump(now);
    const pcm8 = bytes.length === TWILIO_FRAME_BYTES ? decodeMulaw(bytes, this.mulawIn) : decodeMulaw(bytes);
    return { kind: "audio", pcm: this.upsampler.process(pcm8, this.nextFrame(2 * pcm8.length)) };
  }

  /**
   * Room for the next 16 kHz frame: a view of the current block (the pipeline keeps frames, never
   * writes them; a view keeps its whole block alive, a second of audio).
   */
  private nextFrame(length: number): Int16Array {
    if (this.blockAt + length > this.block.length) {
      this.block = new Int16Array(Math.max(length, FRAMES_PER_BLOCK * 2 * TWILIO_FRAME_BYTES));
      this.blockAt = 0;
    }
    const frame = this.block.subarray(this.blockAt, this.blockAt + length);
    this.blockAt += length;
    return frame;
  }

  /** One line for logs and the stream's close reason (≤ 123 bytes). */
  summary(): string {
    const s = this.stats;
    return `frames in ${s.framesIn}, missing ${s.framesMissing}, out ${s.framesOut}; ${this.lag.summary()}`;
  }

  // ---- outbound ----

  /** A phone line carries only audio: transcript and text messages are for screens. */
  send(_message: ServerMessage): void {}

  sendAudio(pcm: Int16Array, sampleRate: number, entryId: string): void {
    if (!this.streamSid) return; // nothing to play into before Twilio's start
    const rate = sampleRate === 16000 || sampleRate === TWILIO_SAMPLE_RATE ? sampleRate : null;
    if (rate === null) {
      console.error(`phone stream: unsupported reply sample rate ${sampleRate}`);
      return;
    }
    const name = `${entryId}:${++this.markSeq}`;
    this.unplayed.push(name);
    const audio: ReplyAudio = { pcm, sampleRate: rate };
    this.outbox.enqueue([{ kind: "audio", audio, frames: replyFrames(audio) }, { kind: "mark", name }], Date.now());
    this.armPumpTimer();
  }

  stopPlayback(_entryId: string): void {
    if (!this.streamSid) return;
    this.outbox.clear();
    this.unplayed.length = 0;
    this.stats.clears++;
    this.post(clearMessage(this.streamSid));
  }

  private pump(now: number): void {
    this.lastPumpAt = now;
    this.outbox.pump(now);
    this.armPumpTimer();
  }

  /**
   * While audio waits, one timer stands by in case Twilio's inbound frames stop: it is set once, not
   * re-armed on every frame (a timer per frame is a runtime object per frame, and at 100 calls those
   * add up to garbage-collection pauses for every call on the thread). When it fires it pumps only if
   * no frame has for two frame times; otherwise it stands by again. The lead covers the gap.
   */
  private armPumpTimer(delayMs = PUMP_STANDBY_MS): void {
    if (this.outbox.waiting === 0) {
      if (this.pumpTimer !== null) clearTimeout(this.pumpTimer);
      this.pumpTimer = null;
      return;
    }
    if (this.pumpTimer !== null) return;
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      const now = Date.now();
      const stalled = now - this.lastPumpAt >= 2 * this.outbox.frameMs;
      if (stalled) this.pump(now);
      // Frames stopped: the timer keeps the pace (every two frames) until they come back.
      this.armPumpTimer(stalled ? 2 * this.outbox.frameMs : PUMP_STANDBY_MS);
    }, delayMs);
  }

  /** One `media` message: `frames` frames of the sentence from `firstFrame` on. */
  private sendMedia(audio: ReplyAudio, firstFrame: number, frames: number): void {
    if (!this.streamSid) return;
    const mulaw = replyMulaw(audio, firstFrame, frames, this.mulawOut, this.pcm8Out);
    if (this.mediaWriter?.streamSid !== this.streamSid) this.mediaWriter = new MediaMessageWriter(this.streamSid);
    if (this.sendText(this.mediaWriter.text(mulaw))) this.stats.framesOut += frames;
  }

  private sendMark(name: string): void {
    if (!this.streamSid) return;
    this.stats.marksSent++;
    this.post(markMessage(this.streamSid, name));
  }

  /**
   * Closing the stream socket ends <Connect><Stream>; with no TwiML after it Twilio hangs up. The close
   * reason carries the stream's statistics (visible in Twilio's debugger and in our logs).
   */
  end(reason: string, callId: string): void {
    const summary = this.dispose();
    console.log(`twilio stream ${callId} ended (${reason}): ${summary}`);
    try {
      this.ws.close(1000, summary);
    } catch {
      // already closed
    }
  }

  /** Stops sending: drops the reply audio not sent yet and its pump timer; answers the stream's summary. */
  dispose(): string {
    this.outbox.clear();
    this.unplayed.length = 0;
    this.armPumpTimer();
    return this.summary();
  }

  /** Sends one message as its JSON text (sendText). */
  private post(message: TwilioOutbound): boolean {
    return this.sendText(JSON.stringify(message));
  }

  /** Sends one text frame; false when the socket is gone (the session's close handler ends the call). */
  private sendText(text: string): boolean {
    try {
      this.ws.send(text);
      return true;
    } catch {
      return false;
    }
  }
}
