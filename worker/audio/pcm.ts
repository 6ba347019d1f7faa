// PCM16 helpers for the pipeline's internal audio form (mono, little-endian 16-bit, 16 kHz):
// concatenation, framing and levels. The base64 ⇄ PCM16 wire codec is protocol/pcm16.ts.

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
