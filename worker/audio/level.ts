// The level of a PCM16 frame in dBFS: used by the pipeline's VAD and prosody scorer and by the offline
// AI provider (which lives beside the pipeline, not inside it). Pure function.

/** Level of a frame in dBFS (-100 for digital silence). */
export function levelDb(frame: Int16Array): number {
  if (frame.length === 0) return -100;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    const v = frame[i] ?? 0;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / frame.length) / 32768;
  return rms > 1e-5 ? 20 * Math.log10(rms) : -100;
}
