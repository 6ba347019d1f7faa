// Volume slider (spec §9: 0 to 100, default 80) → playback gain.

export const VOLUME_MIN = 0;
export const VOLUME_MAX = 100;
export const DEFAULT_VOLUME = 80;

/** Clamps a slider value into 0–100 (non-numbers fall back to the default). */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return DEFAULT_VOLUME;
  return Math.max(VOLUME_MIN, Math.min(VOLUME_MAX, Math.round(volume)));
}

/**
 * Slider value → GainNode gain in [0, 1]. Loudness is perceived roughly logarithmically, so the
 * slider follows a square-law curve: 0 is silent, 50 is a quarter of the amplitude, 100 is unity.
 */
export function volumeToGain(volume: number): number {
  const v = clampVolume(volume) / VOLUME_MAX;
  return v * v;
}
