// G.711 μ-law (PCMU) ⇄ 16-bit linear PCM. Pure and table-driven: decoding is one lookup per byte
// in a 256-entry table, encoding one lookup per sample in a 64 Ki-entry table, both built once at load
// from the G.711 segment rules (bias 132, clip 32635, 8 segments × 16 steps, bits inverted on the wire).

const BIAS = 0x84;
const CLIP = 32635;

/** Reference (non-table) G.711 μ-law compression of one 16-bit sample. Used to build the table. */
export function encodeMulawSample(sample: number): number {
  let s = sample | 0;
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** Reference G.711 μ-law expansion of one code byte to a 16-bit sample. */
export function decodeMulawSample(code: number): number {
  const u = ~code & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? 0 - magnitude : magnitude;
}

const DECODE_TABLE = new Int16Array(256);
for (let code = 0; code < 256; code++) DECODE_TABLE[code] = decodeMulawSample(code);

/** Indexed by the sample's 16-bit two's-complement pattern (sample & 0xffff). */
const ENCODE_TABLE = new Uint8Array(65536);
for (let i = 0; i < 65536; i++) ENCODE_TABLE[i] = encodeMulawSample(i >= 32768 ? i - 65536 : i);

/** μ-law bytes → PCM16 samples. Writes into `out` when given (it must be at least as long). */
export function decodeMulaw(codes: Uint8Array, out: Int16Array = new Int16Array(codes.length)): Int16Array {
  const n = codes.length;
  for (let i = 0; i < n; i++) out[i] = DECODE_TABLE[codes[i]!]!;
  return out;
}

/** PCM16 samples → μ-law bytes. Writes into `out` when given (it must be at least as long). */
export function encodeMulaw(samples: Int16Array, out: Uint8Array = new Uint8Array(samples.length)): Uint8Array {
  const n = samples.length;
  for (let i = 0; i < n; i++) out[i] = ENCODE_TABLE[samples[i]! & 0xffff]!;
  return out;
}

/** The μ-law code of digital silence (0xFF, "positive zero"). */
export const MULAW_SILENCE = 0xff;
