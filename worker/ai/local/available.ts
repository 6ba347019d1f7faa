// The local speech engines, for builds that carry them. They are far over Cloudflare's upload limit
// (flite ~21 MB, PocketSphinx's model ~36 MB), so they are for local development and self-hosting
// only: a production build (`vite build`) replaces this module with available.production.ts (see
// vite.config.ts), and scripts/check-production-bundle.mjs fails the build if they slipped in.
import type { AiProvider } from "../provider";
import { LocalSpeechProvider } from "./provider";

export function createLocalSpeechProvider(): AiProvider {
  return new LocalSpeechProvider();
}
