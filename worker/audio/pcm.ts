// PCM16 helpers for the pipeline's internal audio form (mono, little-endian 16-bit, 16 kHz).
// Pure functions: base64 ⇄ Int16Array, float conversions, concatenation and framing.

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

/** Samples → little-endian 16-bit bytes. */
export function pcm16ToBytes(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i] ?? 0, true);
  return out;
}

/** base64 of PCM16 LE (the browser socket's `audio_data.data`) → samples. */
export function base64ToPcm16(b64: string): Int16Array {
  return bytesToPcm16(base64ToBytes(b64));
}

/** Samples → base64 of PCM16 LE (the browser socket's `audio_response.data`). */
export function pcm16ToBase64(samples: Int16Array): string {
  return bytesToBase64(pcm16ToBytes(samples));
}

/** PCM16 → floats in [-1, 1). */
export function pcm16ToFloat32(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] ?? 0) / 32768;
  return out;
}

/** Floats → PCM16 with clipping. */
export function float32ToPcm16(samples: ArrayLike<number>): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = v < 0 ? Math.round(v * 32768) : Math.round(v * 32767);
  }
  return out;
}

export function concatPcm(chunks: readonly Int16Array[]): Int16Array {
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Int16Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export function durationMs(sampleCount: number, sampleRate: number): number {
  return (sampleCount * 1000) / sampleRate;
}

export function samplesFor(ms: number, sampleRate: number): number {
  return Math.round((ms * sampleRate) / 1000);
}

/** Cuts samples into frames of `frameSize`; the last frame may be shorter. */
export function splitFrames(samples: Int16Array, frameSize: number): Int16Array[] {
  if (frameSize <= 0) throw new RangeError("frameSize must be positive");
  const frames: Int16Array[] = [];
  for (let i = 0; i < samples.length; i += frameSize) frames.push(samples.subarray(i, i + frameSize));
  return frames;
}

/** Root-mean-square level of a frame, 0..1 of full scale. */
export function rms(frame: Int16Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    const v = (frame[i] ?? 0) / 32768;
    sum += v * v;
  }
  return Math.sqrt(sum / frame.length);
}

/** Level in dB relative to full scale (silence → -100). */
export function dbfs(frame: Int16Array): number {
  const level = rms(frame);
  return level > 1e-5 ? 20 * Math.log10(level) : -100;
}
