// PCM16 helpers for the pipeline's internal audio form (mono, little-endian 16-bit, 16 kHz):
// concatenation and gain. The base64 ⇄ PCM16 wire codec is protocol/pcm16.ts.

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

/** `samples` times `gain` (a new array; clipped to 16 bits); gain 1 returns `samples` itself. */
export function scalePcm(samples: Int16Array, gain: number): Int16Array {
  if (gain === 1) return samples;
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * gain)));
  return out;
}
