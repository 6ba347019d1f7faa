// Wire format of the call socket's audio (`audio_data` from the browser, `audio_response` from the
// worker): mono 16-bit PCM, little-endian, carried as base64. Pure, dependency-free functions shared by
// the worker and the SPA; capture (Float32) and framing helpers stay with their side.

export class PcmFormatError extends Error {}

const B64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const B64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** Each 6-bit value's base64 character code. */
const B64_CODES = Uint8Array.from(B64_ALPHABET, (c) => c.charCodeAt(0));
/** The characters are written here as bytes, then read as one string (reused up to this size). */
const B64_SCRATCH_MAX = 64 * 1024;
let b64Scratch = new Uint8Array(4096);
const asciiDecoder = new TextDecoder();

/**
 * Bytes → base64 (standard alphabet, padded), the same text as `btoa`. The characters go into a byte
 * buffer that the TextDecoder reads as one flat string in native code: a phone call encodes 50 frames
 * a second, `btoa(String.fromCharCode(...bytes))` costs the spread and a binary string, and building
 * the text with `+=` leaves a chain of hundreds of small string pieces per payload, which the garbage
 * collector copies for as long as the payload waits to be sent.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const length = base64Length(bytes.length);
  if (b64Scratch.length < length && length <= B64_SCRATCH_MAX) b64Scratch = new Uint8Array(B64_SCRATCH_MAX);
  const out = length <= b64Scratch.length ? b64Scratch : new Uint8Array(length);
  return asciiDecoder.decode(out.subarray(0, base64Into(bytes, out, 0)));
}

/** How many base64 characters `byteLength` bytes take (padded). */
export function base64Length(byteLength: number): number {
  return Math.ceil(byteLength / 3) * 4;
}

/**
 * Writes the base64 text of `bytes` (standard alphabet, padded) into `out` as ASCII codes from index
 * `at` on, and returns the index after the last one; `out` must hold `base64Length(bytes.length)` more.
 */
export function base64Into(bytes: Uint8Array, out: Uint8Array, at: number): number {
  if (out.length - at < base64Length(bytes.length)) throw new RangeError("base64Into: the output is too small");
  const whole = bytes.length - (bytes.length % 3);
  let j = at;
  for (let i = 0; i < whole; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[j] = B64_CODES[v >>> 18]!;
    out[j + 1] = B64_CODES[(v >>> 12) & 63]!;
    out[j + 2] = B64_CODES[(v >>> 6) & 63]!;
    out[j + 3] = B64_CODES[v & 63]!;
    j += 4;
  }
  const rest = bytes.length - whole;
  if (rest > 0) {
    const v = (bytes[whole]! << 16) | (rest === 2 ? bytes[whole + 1]! << 8 : 0);
    out[j] = B64_CODES[v >>> 18]!;
    out[j + 1] = B64_CODES[(v >>> 12) & 63]!;
    out[j + 2] = rest === 2 ? B64_CODES[(v >>> 6) & 63]! : 61; // "="
    out[j + 3] = 61;
    j += 4;
  }
  return j;
}

/** Character code → its 6-bit base64 value, -1 for anything else (ASCII only). */
const B64_VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < B64_ALPHABET.length; i++) B64_VALUES[B64_ALPHABET.charCodeAt(i)] = i;

/**
 * base64 without whitespace (all of `b64`, or its characters from `from` to `to`: a value inside a
 * larger text, read in place) → bytes written into the start of `out`; returns how many, or -1 when the
 * text is not base64 (what `atob` refuses: a stray character, misplaced padding, a length of 4n + 1) or
 * its bytes do not fit in `out`. No allocation: a phone call decodes 50 frames a second into one buffer.
 * Accepts exactly the whitespace-free text `atob` accepts, with the same bytes; for anything else
 * (whitespace, non-ASCII spaces) use base64ToBytes.
 */
export function base64IntoBytes(b64: string, out: Uint8Array, from = 0, to = b64.length): number {
  let length = to - from;
  if (length % 4 === 0 && length > 0 && b64.charCodeAt(to - 1) === 61) length -= b64.charCodeAt(to - 2) === 61 ? 2 : 1;
  if (length % 4 === 1) return -1;
  const n = (length * 3) >> 2;
  if (n > out.length) return -1;
  const last = from + length;
  const whole = last - (length % 4);
  let o = 0;
  for (let i = from; i < whole; i += 4) {
    const a = sextet(b64, i);
    const b = sextet(b64, i + 1);
    const c = sextet(b64, i + 2);
    const d = sextet(b64, i + 3);
    if ((a | b | c | d) < 0) return -1;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >> 16;
    out[o++] = (v >> 8) & 255;
    out[o++] = v & 255;
  }
  const rest = last - whole;
  if (rest > 0) {
    const a = sextet(b64, whole);
    const b = sextet(b64, whole + 1);
    const c = rest === 3 ? sextet(b64, whole + 2) : 0;
    if ((a | b | c) < 0) return -1;
    const v = (a << 18) | (b << 12) | (c << 6);
    out[o++] = v >> 16;
    if (rest === 3) out[o++] = (v >> 8) & 255;
  }
  return o;
}

function sextet(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code < 128 ? B64_VALUES[code]! : -1;
}

/** `atob`'s binary string → bytes. */
function binaryToBytes(binary: string): Uint8Array {
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** base64 → bytes; throws PcmFormatError on anything that is not base64. */
export function base64ToBytes(b64: string): Uint8Array {
  // Fast path: text `atob` takes (it validates and skips ASCII whitespace itself) is text the checks
  // below accept, with the same bytes; only what it refuses needs them (e.g. other Unicode spaces).
  try {
    return binaryToBytes(atob(b64));
  } catch {
    // checked below
  }
  const clean = b64.replace(/\s+/g, "");
  if (clean.length % 4 === 1 || !B64_RE.test(clean)) throw new PcmFormatError("Audio data is not valid base64.");
  let binary: string;
  try {
    binary = atob(clean);
  } catch {
    throw new PcmFormatError("Audio data is not valid base64.");
  }
  return binaryToBytes(binary);
}

/** Little-endian 16-bit bytes → samples (copies, so the result is aligned and independent). */
export function bytesToPcm16(bytes: Uint8Array): Int16Array {
  if (bytes.length % 2 !== 0) throw new PcmFormatError("PCM16 audio must have an even number of bytes.");
  const out = new Int16Array(bytes.length / 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** Samples → little-endian 16-bit bytes (whatever the machine's byte order). */
export function pcm16ToBytes(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i] ?? 0, true);
  return out;
}

/**
 * base64 of PCM16 LE → samples. Throws PcmFormatError on text that is not base64. A trailing odd
 * byte (not a whole sample) is rejected by default (the worker validating `audio_data`); with
 * `oddByte: "drop"` it is ignored (the browser playing `audio_response`).
 */
export function base64ToPcm16(b64: string, oddByte: "reject" | "drop" = "reject"): Int16Array {
  const bytes = base64ToBytes(b64);
  return bytesToPcm16(oddByte === "drop" ? bytes.subarray(0, bytes.length - (bytes.length % 2)) : bytes);
}

/** Samples → base64 of PCM16 LE. */
export function pcm16ToBase64(samples: Int16Array): string {
  return bytesToBase64(pcm16ToBytes(samples));
}
