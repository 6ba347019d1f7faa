// Twilio Media Streams wire format (bidirectional <Connect><Stream>): the JSON text frames Twilio sends
// (connected, start, media, dtmf, mark, stop) and the ones we send back (media, mark, clear).
// Sequence numbers, chunks and timestamps are decimal strings on the wire.
import { z } from "zod";
import { base64Into, base64Length } from "../../protocol/pcm16";
import { type MediaFrameField, MediaFrameReader } from "./media-scan";

/** 20 ms of 8 kHz μ-law: 160 bytes per frame. Twilio sends one frame per `media` message; what we send
 * back may carry several (Twilio plays outbound media of any length). */
export const TWILIO_SAMPLE_RATE = 8000;
export const TWILIO_FRAME_BYTES = 160;
export const TWILIO_FRAME_MS = 20;
/** Largest text frame we accept from Twilio (a 20 ms media frame is ~330 bytes of JSON). */
export const MAX_TWILIO_FRAME_CHARS = 16_384;

/** The value rules, once: anchored for zod, sticky for checking a value where it sits in a frame's text. */
const DECIMAL_RULE = /\d{1,15}/;
const BASE64_RULE = /[A-Za-z0-9+/]*={0,2}/;
const DECIMAL = new RegExp(`^${DECIMAL_RULE.source}$`);
const BASE64 = new RegExp(`^${BASE64_RULE.source}$`);
const DECIMAL_AT = new RegExp(DECIMAL_RULE.source, "y");
const BASE64_AT = new RegExp(BASE64_RULE.source, "y");
const SID_MAX = 64;
const decimal = z.string().regex(DECIMAL, "a decimal string");
const sid = z.string().min(1).max(SID_MAX);

export const connectedMessageSchema = z.object({ event: z.literal("connected"), protocol: z.string(), version: z.string() });

export const startMessageSchema = z.object({
  event: z.literal("start"),
  sequenceNumber: decimal,
  streamSid: sid,
  start: z.object({
    accountSid: sid,
    streamSid: sid,
    callSid: sid,
    tracks: z.array(z.string()),
    mediaFormat: z.object({ encoding: z.literal("audio/x-mulaw"), sampleRate: z.literal(TWILIO_SAMPLE_RATE), channels: z.literal(1) }),
    customParameters: z.record(z.string(), z.string()).default({}),
  }),
});

export const mediaMessageSchema = z.object({
  event: z.literal("media"),
  sequenceNumber: decimal,
  streamSid: sid,
  media: z.object({
    track: z.enum(["inbound", "outbound"]),
    chunk: decimal,
    timestamp: decimal,
    payload: z.string().max(MAX_TWILIO_FRAME_CHARS).regex(BASE64, "base64"),
  }),
});

export const dtmfMessageSchema = z.object({
  event: z.literal("dtmf"),
  sequenceNumber: decimal,
  streamSid: sid,
  dtmf: z.object({ track: z.string(), digit: z.string().regex(/^[0-9*#A-D]$/, "one DTMF digit") }),
});

export const markMessageSchema = z.object({
  event: z.literal("mark"),
  sequenceNumber: decimal,
  streamSid: sid,
  mark: z.object({ name: z.string().max(256) }),
});

export const stopMessageSchema = z.object({
  event: z.literal("stop"),
  sequenceNumber: decimal,
  streamSid: sid,
  stop: z.object({ accountSid: sid, callSid: sid }),
});

export const twilioInboundSchema = z.discriminatedUnion("event", [
  connectedMessageSchema,
  startMessageSchema,
  mediaMessageSchema,
  dtmfMessageSchema,
  markMessageSchema,
  stopMessageSchema,
]);
export type TwilioInbound = z.infer<typeof twilioInboundSchema>;

// ---- what we send ----
export const outboundMediaSchema = z.strictObject({
  event: z.literal("media"),
  streamSid: sid,
  media: z.strictObject({ payload: z.string() }),
});
export const outboundMarkSchema = z.strictObject({ event: z.literal("mark"), streamSid: sid, mark: z.strictObject({ name: z.string() }) });
export const outboundClearSchema = z.strictObject({ event: z.literal("clear"), streamSid: sid });
export const twilioOutboundSchema = z.discriminatedUnion("event", [outboundMediaSchema, outboundMarkSchema, outboundClearSchema]);
export type TwilioOutbound = z.infer<typeof twilioOutboundSchema>;

/** Characters after the payload: the closing quote and the two objects' braces. */
const MEDIA_TEXT_END = Uint8Array.from('"}}', (c) => c.charCodeAt(0));
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/**
 * One stream's outbound `media` messages as JSON text: the same text as
 * `JSON.stringify({ event: "media", streamSid, media: { payload: base64 } })`, with the audio's base64
 * written straight into the message's bytes. No payload string, no message object and no stringify
 * pass over the payload per message (a phone call sends ten a second while it speaks).
 */
export class MediaMessageWriter {
  /** The message's bytes up to the payload (`{"event":"media","streamSid":…,"media":{"payload":"`). */
  private readonly head: Uint8Array;
  private bytes = new Uint8Array(0);

  constructor(readonly streamSid: string) {
    this.head = utf8Encoder.encode(`{"event":"media","streamSid":${JSON.stringify(streamSid)},"media":{"payload":"`);
  }

  /** The `media` message carrying `audio` (μ-law bytes). */
  text(audio: Uint8Array): string {
    const size = this.head.length + base64Length(audio.length) + MEDIA_TEXT_END.length;
    if (this.bytes.length < size) {
      this.bytes = new Uint8Array(size);
      this.bytes.set(this.head);
    }
    const end = base64Into(audio, this.bytes, this.head.length);
    this.bytes.set(MEDIA_TEXT_END, end);
    return utf8Decoder.decode(this.bytes.subarray(0, end + MEDIA_TEXT_END.length));
  }
}

export function markMessage(streamSid: string, name: string): TwilioOutbound {
  return { event: "mark", streamSid, mark: { name } };
}
export function clearMessage(streamSid: string): TwilioOutbound {
  return { event: "clear", streamSid };
}

export type TwilioParse = { ok: true; message: TwilioInbound } | { ok: false; error: string };
type MediaInbound = z.infer<typeof mediaMessageSchema>;

function matchesAt(pattern: RegExp, r: MediaFrameReader, field: MediaFrameField): boolean {
  pattern.lastIndex = r.start(field);
  return pattern.test(r.frameText) && pattern.lastIndex === r.end(field);
}

/**
 * `mediaMessageSchema`'s check of a frame MediaFrameReader accepted, value by value in place (no string,
 * no object: the phone line reads 50 frames a second per call this way). True exactly when zod accepts the
 * frame (test/unit/twilio/media-scan.test.ts and test/worker/twilio/twilio-wire.test.ts compare both).
 */
export function isPlainMediaFrame(r: MediaFrameReader): boolean {
  const sid = r.length("streamSid");
  return (
    r.is("event", "media") &&
    matchesAt(DECIMAL_AT, r, "sequenceNumber") &&
    sid >= 1 &&
    sid <= SID_MAX &&
    (r.is("track", "inbound") || r.is("track", "outbound")) &&
    matchesAt(DECIMAL_AT, r, "chunk") &&
    matchesAt(DECIMAL_AT, r, "timestamp") &&
    r.length("payload") <= MAX_TWILIO_FRAME_CHARS &&
    matchesAt(BASE64_AT, r, "payload")
  );
}

/**
 * True when `frame` is a text frame within the size limit, in Twilio's plain shape, that the schema
 * accepts as a media message: `reader` then holds its values. The one way in for both readers of
 * frames (parseTwilioFrame below, and the phone line, which uses the values in place).
 */
export function readPlainMediaFrame(frame: string | ArrayBuffer, reader: MediaFrameReader): boolean {
  return typeof frame === "string" && frame.length <= MAX_TWILIO_FRAME_CHARS && reader.read(frame) && isPlainMediaFrame(reader);
}

/** The message of a frame isPlainMediaFrame accepted, as zod would return it. */
function plainMediaMessage(r: MediaFrameReader): MediaInbound {
  return {
    event: "media",
    sequenceNumber: r.value("sequenceNumber"),
    streamSid: r.value("streamSid"),
    media: { track: r.is("track", "inbound") ? "inbound" : "outbound", chunk: r.value("chunk"), timestamp: r.value("timestamp"), payload: r.value("payload") },
  };
}

const frameReader = new MediaFrameReader();

/** One frame from Twilio → a typed message, or a readable reason it was refused. */
export function parseTwilioFrame(frame: string | ArrayBuffer): TwilioParse {
  // Media frames in Twilio's plain shape are read without JSON.parse (media-scan.ts).
  if (readPlainMediaFrame(frame, frameReader)) return { ok: true, message: plainMediaMessage(frameReader) };
  if (typeof frame !== "string") return { ok: false, error: "binary frames are not part of the Media Streams protocol" };
  if (frame.length > MAX_TWILIO_FRAME_CHARS) return { ok: false, error: `frame too large (${frame.length} characters)` };
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, error: "not valid JSON" };
  }
  const parsed = twilioInboundSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
    return { ok: false, error: `invalid message: ${where}${issue?.message ?? "bad shape"}` };
  }
  return { ok: true, message: parsed.data };
}
