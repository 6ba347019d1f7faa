// Wire format of the call socket's audio (`audio_data` from the browser, `audio_response` from the
// worker): mono 16-bit PCM, little-endian, carried as base64. Pure, dependency-free functions shared by
// the worker and the SPA; capture (Float32) and framing helpers stay with their side.

export class PcmFormatError extends Error {}

const B64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes → base64 (chunked so large buffers don't blow the argument limit of fromCharCode). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** base64 → bytes; throws PcmFormatError on anything that is not base64. */
export function base64ToBytes(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, "");
  if (clean.length % 4 === 1 || !B64_RE.test(clean)) throw new PcmFormatError("Audio data is not valid base64.");
  let binary: string;
  try {
    binary = atob(clean);
  } catch {
    throw new PcmFormatError("Audio data is not valid base64.");
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
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
