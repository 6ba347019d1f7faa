// Audio for call tests: WAV fixtures (imported as data: URLs, so they load inside workerd) as 16 kHz
// PCM16, streamed over a call socket as the browser does (audio_data frames of 4096 samples).
import { base64ToBytes, pcm16ToBase64 } from "../../../protocol/pcm16";
import { parseWav } from "../../../worker/audio/wav";
import type { TestSocket } from "./ws";

import { BROWSER_CHUNK_SAMPLES, chunks } from "../../support/audio";

export { BROWSER_CHUNK_SAMPLES, silence } from "../../support/audio";

export function pcmFromWavDataUrl(dataUrl: string): Int16Array {
  const b64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const wav = parseWav(base64ToBytes(b64));
  if (wav.sampleRate !== 16000) throw new Error(`fixture must be 16 kHz (got ${wav.sampleRate})`);
  return wav.samples;
}

/**
 * Sends `pcm` as audio_data frames of 4096 samples. `speed` 1 paces them in real time (256 ms per
 * frame); a higher speed sends faster (the pipeline measures turns in stream time, not wall time).
 */
export async function streamAudio(socket: TestSocket, pcm: Int16Array, speed = 1): Promise<void> {
  const frameMs = (BROWSER_CHUNK_SAMPLES * 1000) / 16000;
  const t0 = Date.now();
  let n = 0;
  for (const chunk of chunks(pcm)) {
    socket.send({ type: "audio_data", data: pcm16ToBase64(chunk), timestamp: t0 + n * frameMs });
    const wait = t0 + ((n + 1) * frameMs) / speed - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    n++;
  }
}
