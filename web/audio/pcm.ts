// Pure PCM helpers for the browser call: Web Audio floats ↔ 16-bit PCM, and PCM ↔ base64 (little-endian).

/** Float samples in [-1, 1] → signed 16-bit PCM (clamped; NaN becomes silence). */
export function floatToPcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const raw = samples[i] ?? 0;
    const s = Number.isNaN(raw) ? 0 : Math.max(-1, Math.min(1, raw));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/** Signed 16-bit PCM → float samples in [-1, 1). */
export function pcm16ToFloat(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = (pcm[i] ?? 0) / 0x8000;
  return out;
}

const CHUNK = 0x8000;

/** PCM16 → base64 of its little-endian bytes (whatever the machine's byte order). */
export function pcm16ToBase64(pcm: Int16Array): string {
  const bytes = new Uint8Array(pcm.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < pcm.length; i++) view.setInt16(i * 2, pcm[i] ?? 0, true);
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/**
 * base64 of little-endian PCM16 → samples. Throws on text that is not base64;
 * a trailing odd byte (not a whole sample) is dropped.
 */
export function base64ToPcm16(b64: string): Int16Array {
  const binary = atob(b64);
  const count = Math.floor(binary.length / 2);
  const out = new Int16Array(count);
  for (let i = 0; i < count; i++) {
    const lo = binary.charCodeAt(i * 2);
    const hi = binary.charCodeAt(i * 2 + 1);
    out[i] = ((hi << 24) >> 16) | lo;
  }
  return out;
}

/** Root-mean-square level of float samples, 0 (silence) … 1 (full scale). */
export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] ?? 0;
    sum += s * s;
  }
  return Math.min(1, Math.sqrt(sum / samples.length));
}
