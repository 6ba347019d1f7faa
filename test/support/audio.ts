// Synthetic audio for tests and benches, in any runtime (Node, workerd): silence, a sine tone, and audio
// cut into the chunks a line sends (the browser's 4096-sample ScriptProcessor buffers, spec §9).

/** The browser's ScriptProcessor buffer (spec §9): what one audio_data frame carries. */
export const BROWSER_CHUNK_SAMPLES = 4096;

export function silence(ms: number, sampleRate = 16000): Int16Array {
  return new Int16Array(Math.round((ms * sampleRate) / 1000));
}

/** A sine tone of `hz` for `ms` milliseconds. */
export function tone(hz: number, ms: number, { amplitude = 3000, sampleRate = 16000 }: { amplitude?: number; sampleRate?: number } = {}): Int16Array {
  const out = new Int16Array(Math.round((ms * sampleRate) / 1000));
  for (let i = 0; i < out.length; i++) out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  return out;
}

/** Cuts audio into chunks of `chunk` samples (the browser sends 4096, Twilio 160 after decoding); views, not copies. */
export function* chunks(samples: Int16Array, chunk = BROWSER_CHUNK_SAMPLES): Generator<Int16Array> {
  for (let i = 0; i < samples.length; i += chunk) yield samples.subarray(i, i + chunk);
}
