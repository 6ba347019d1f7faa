// The production build's stand-in for available.ts: no local speech engines in the bundle.
import type { AiProvider } from "../provider";

export function createLocalSpeechProvider(): AiProvider {
  throw new Error("This build does not include local speech (it is for local development and self-hosting).");
}
