// Browser-side PCM helpers: Web Audio floats ↔ 16-bit PCM and capture levels. The base64 wire codec
// (`audio_data` / `audio_response`) lives in protocol/pcm16.ts, shared with the worker.

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
