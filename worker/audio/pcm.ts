// PCM16 helpers for the pipeline's internal audio form (mono, little-endian 16-bit, 16 kHz):
// concatenation. The base64 ⇄ PCM16 wire codec is protocol/pcm16.ts.

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
