// Twilio's inbound `media` frames read in place: 50 a second per call, each ~330 characters of JSON in
// the layout Twilio sends (Media Streams docs; our simulator sends the same):
//   {"event":"media","sequenceNumber":"4","media":{"track":"inbound","chunk":"2","timestamp":"5",
//    "payload":"…"},"streamSid":"MZ…"}
// JSON.parse builds two objects and seven strings per frame, garbage that at 100 calls adds up to
// collector pauses every call on the thread waits for. This scanner checks that exact layout and
// records where the fields are (numbers parsed, the payload and stream SID as character ranges of the
// frame), allocating nothing. It accepts only frames that JSON.parse + mediaMessageSchema accept with
// the same values (test/worker/twilio-scan.test.ts compares them on valid, broken and mutated frames);
// any other frame, including a valid one laid out differently, is for parseTwilioFrame.
import { MAX_TWILIO_FRAME_CHARS } from "./media-messages";

/** Where a scanned media frame's fields are; one per stream, written over by every scan. */
export interface MediaFrameScan {
  sequenceNumber: number;
  track: "inbound" | "outbound";
  chunk: number;
  timestamp: number;
  /** The payload's characters in the frame: [payloadStart, payloadEnd). */
  payloadStart: number;
  payloadEnd: number;
  /** The stream SID's characters in the frame: [sidStart, sidEnd). */
  sidStart: number;
  sidEnd: number;
}

export function emptyScan(): MediaFrameScan {
  return { sequenceNumber: 0, track: "inbound", chunk: 0, timestamp: 0, payloadStart: 0, payloadEnd: 0, sidStart: 0, sidEnd: 0 };
}

const HEAD = '{"event":"media","sequenceNumber":"';
const AFTER_SEQUENCE = '","media":{"track":"';
const INBOUND = "inbound";
const OUTBOUND = "outbound";
const AFTER_TRACK = '","chunk":"';
const AFTER_CHUNK = '","timestamp":"';
const AFTER_TIMESTAMP = '","payload":"';
const AFTER_PAYLOAD = '"},"streamSid":"';
/** The schema's decimal strings: 1–15 digits. */
const MAX_DIGITS = 15;
const SID_MAX = 64;

/** Reads `frame` into `out` when it is a media frame in Twilio's layout; false otherwise (nothing to trust in `out`). */
export function scanMediaFrame(frame: string, out: MediaFrameScan): boolean {
  if (frame.length > MAX_TWILIO_FRAME_CHARS || !frame.startsWith(HEAD)) return false;
  let at = decimalAt(frame, HEAD.length);
  if (at < 0) return false;
  out.sequenceNumber = lastDecimal;
  if (!frame.startsWith(AFTER_SEQUENCE, at)) return false;
  at += AFTER_SEQUENCE.length;
  if (frame.startsWith(INBOUND, at)) {
    out.track = "inbound";
    at += INBOUND.length;
  } else if (frame.startsWith(OUTBOUND, at)) {
    out.track = "outbound";
    at += OUTBOUND.length;
  } else return false;
  if (!frame.startsWith(AFTER_TRACK, at)) return false;
  at = decimalAt(frame, at + AFTER_TRACK.length);
  if (at < 0) return false;
  out.chunk = lastDecimal;
  if (!frame.startsWith(AFTER_CHUNK, at)) return false;
  at = decimalAt(frame, at + AFTER_CHUNK.length);
  if (at < 0) return false;
  out.timestamp = lastDecimal;
  if (!frame.startsWith(AFTER_TIMESTAMP, at)) return false;
  at += AFTER_TIMESTAMP.length;
  out.payloadStart = at;
  // base64 characters, then at most two '='.
  while (at < frame.length && isBase64Char(frame.charCodeAt(at))) at++;
  let pad = 0;
  while (pad < 2 && frame.charCodeAt(at) === 61) {
    at++;
    pad++;
  }
  out.payloadEnd = at;
  if (!frame.startsWith(AFTER_PAYLOAD, at)) return false;
  at += AFTER_PAYLOAD.length;
  // The SID: 1–64 characters a JSON string holds unescaped (no quote, backslash or control character).
  out.sidStart = at;
  while (at < frame.length) {
    const c = frame.charCodeAt(at);
    if (c === 34) break;
    if (c < 32 || c === 92) return false;
    at++;
  }
  out.sidEnd = at;
  const sidLength = out.sidEnd - out.sidStart;
  return sidLength >= 1 && sidLength <= SID_MAX && at === frame.length - 2 && frame.charCodeAt(at + 1) === 125;
}

/** The value of the decimal decimalAt last read (module scratch: no object per read). */
let lastDecimal = 0;

/** Reads 1–15 digits at `from` closed by a quote; returns the quote's index, or -1. */
function decimalAt(text: string, from: number): number {
  let value = 0;
  let at = from;
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    at++;
  }
  const digits = at - from;
  if (digits < 1 || digits > MAX_DIGITS || text.charCodeAt(at) !== 34) return -1;
  lastDecimal = value;
  return at;
}

function isBase64Char(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
}
