// Loads the WAV fixtures in test/fixtures as 16 kHz mono PCM16.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseWav } from "../../../worker/audio/wav";

export type FixtureName = "speech-hello" | "speech-wait" | "speech-hello-noisy" | "noise-white" | "noise-brown";

/** Where speech ends in each spoken fixture (ms), from the padding used to make them (see README). */
export const SPEECH_END_MS: Partial<Record<FixtureName, number>> = {
  "speech-hello": 250 + 1945,
  "speech-hello-noisy": 250 + 1945,
};

export function loadFixture(name: FixtureName): Int16Array {
  const path = fileURLToPath(new URL(`../../fixtures/${name}.wav`, import.meta.url));
  const wav = parseWav(readFileSync(path));
  if (wav.sampleRate !== 16000) throw new Error(`${name}.wav is ${wav.sampleRate} Hz, expected 16000`);
  return wav.samples;
}

export { silence } from "../../support/audio";
