// Twilio Media Streams wire format (bidirectional <Connect><Stream>): the JSON text frames Twilio sends
// (connected, start, media, dtmf, mark, stop) and the ones we send back (media, mark, clear).
// Sequence numbers, chunks and timestamps are decimal strings on the wire.
import { z } from "zod";
import { scanMediaFrame } from "./media-scan";

/** 20 ms of 8 kHz μ-law: 160 bytes per frame. Twilio sends one frame per `media` message; what we send
 * back may carry several (Twilio plays outbound media of any length). */
export const TWILIO_SAMPLE_RATE = 8000;
export const TWILIO_FRAME_BYTES = 160;
export const TWILIO_FRAME_MS = 20;
/** Largest text frame we accept from Twilio (a 20 ms media frame is ~330 bytes of JSON). */
export const MAX_TWILIO_FRAME_CHARS = 16_384;

const DECIMAL = /^\d{1,15}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
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

export function mediaMessage(streamSid: string, payload: string): TwilioOutbound {
  return { event: "media", streamSid, media: { payload } };
}
export function markMessage(streamSid: string, name: string): TwilioOutbound {
  return { event: "mark", streamSid, mark: { name } };
}
export function clearMessage(streamSid: string): TwilioOutbound {
  return { event: "clear", streamSid };
}

export type TwilioParse = { ok: true; message: TwilioInbound } | { ok: false; error: string };

/** One frame from Twilio → a typed message, or a readable reason it was refused. */
export function parseTwilioFrame(frame: string | ArrayBuffer): TwilioParse {
  if (typeof frame !== "string") return { ok: false, error: "binary frames are not part of the Media Streams protocol" };
  if (frame.length > MAX_TWILIO_FRAME_CHARS) return { ok: false, error: `frame too large (${frame.length} characters)` };
  // Media frames are read by the scanner when they have Twilio's plain shape (no JSON.parse: see media-scan.ts).
  // Its object holds only the schema's keys, so once checked it is the message itself (no copy).
  const scanned = scanMediaFrame(frame);
  if (scanned && isMediaMessage(scanned)) return { ok: true, message: scanned };
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, error: "not valid JSON" };
  }
  // Media frames (50 a second per call) take a hand-written check of the same schema; anything it does
  // not accept goes through zod below, so a bad frame is refused with zod's own error.
  const media = fastMediaMessage(raw);
  if (media) return { ok: true, message: media };
  const parsed = twilioInboundSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
    return { ok: false, error: `invalid message: ${where}${issue?.message ?? "bad shape"}` };
  }
  return { ok: true, message: parsed.data };
}

type MediaInbound = z.infer<typeof mediaMessageSchema>;

const isDecimal = (v: unknown): v is string => typeof v === "string" && DECIMAL.test(v);
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `mediaMessageSchema`'s check written out by hand (no zod on the hot path): true when every field is
 * exactly what the schema accepts (other keys are not looked at). It never accepts more than zod
 * (test/worker/twilio-wire.test.ts compares both on valid and broken frames).
 */
function isMediaMessage(raw: unknown): raw is MediaInbound {
  if (!isPlainObject(raw) || raw.event !== "media") return false;
  const { sequenceNumber, streamSid, media } = raw;
  if (!isDecimal(sequenceNumber) || typeof streamSid !== "string" || streamSid.length < 1 || streamSid.length > SID_MAX || !isPlainObject(media)) return false;
  const { track, chunk, timestamp, payload } = media;
  if ((track !== "inbound" && track !== "outbound") || !isDecimal(chunk) || !isDecimal(timestamp)) return false;
  return typeof payload === "string" && payload.length <= MAX_TWILIO_FRAME_CHARS && BASE64.test(payload);
}

/**
 * The media message as zod would return it (the schema's keys only), or null when isMediaMessage
 * refuses it — the caller then runs zod, which accepts or refuses it with its own error.
 */
export function fastMediaMessage(raw: unknown): MediaInbound | null {
  if (!isMediaMessage(raw)) return null;
  const { sequenceNumber, streamSid, media } = raw;
  const { track, chunk, timestamp, payload } = media;
  return { event: "media", sequenceNumber, streamSid, media: { track, chunk, timestamp, payload } };
}
