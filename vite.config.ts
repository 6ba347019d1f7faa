import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { readFileSync } from "node:fs";
import { localAiBindingWarning, remoteBindingsWanted } from "./scripts/dev-ai-binding";
import { DEV_ONLY_OUT, LOCAL_SPEECH_OUT } from "./scripts/local-speech-alias";
import { prerenderLanding } from "./scripts/vite-prerender-landing";

// ECHO_STATE_DIR lets the browser tests run against their own throwaway local D1 / DO state.
const stateDir = process.env.ECHO_STATE_DIR;
// ECHO_WRANGLER_CONFIG: the browser tests' copy of wrangler.toml, with their own .dev.vars beside it
// (test/local-settings.ts), so the developer's .dev.vars never reaches the app under test.
const configPath = process.env.ECHO_WRANGLER_CONFIG;

/**
 * Local speech (PocketSphinx + flite, ~60 MB) is for local development and self-hosting only: far over
 * Cloudflare's upload limit. A production build swaps worker/ai/local/available.ts for its
 * available.production.ts, so no engine is bundled (scripts/check-production-bundle.mjs checks);
 * ECHO_LOCAL_SPEECH=1 keeps it for a self-hosted build; ECHO_LOCAL_SPEECH=0 leaves it out of `vite dev`
 * too (its start then skips loading ~60 MB of engine modules).
 */
function withoutLocalSpeech(command: "build" | "serve"): boolean {
  const choice = process.env.ECHO_LOCAL_SPEECH;
  return choice === "0" || (command === "build" && choice !== "1");
}

const remoteBindings = remoteBindingsWanted();

export default defineConfig(({ command }) => {
  if (command === "serve") {
    const warning = localAiBindingWarning(readFileSync(configPath ?? "wrangler.toml", "utf8"), remoteBindings);
    if (warning) console.warn(`\n⚠ ${warning}\n`);
  }
  return {
    resolve: { alias: [...(withoutLocalSpeech(command) ? LOCAL_SPEECH_OUT : []), ...(command === "build" ? DEV_ONLY_OUT : [])] },
    plugins: [
      react(),
      tailwindcss(),
      prerenderLanding(),
      cloudflare({ remoteBindings, persistState: stateDir ? { path: stateDir } : true, ...(configPath ? { configPath } : {}) }),
    ],
    server: { port: Number(process.env.PORT ?? 5173), strictPort: Boolean(process.env.PORT) },
  };
});
