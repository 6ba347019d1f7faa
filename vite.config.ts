import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// ECHO_STATE_DIR lets the browser tests run against their own throwaway local D1 / DO state.
const stateDir = process.env.ECHO_STATE_DIR;

/**
 * Local speech (PocketSphinx + flite, ~60 MB) is for local development and self-hosting only: far over
 * Cloudflare's upload limit. A production build swaps worker/ai/local/available.ts for its
 * available.production.ts, so no engine is bundled (scripts/check-production-bundle.mjs checks);
 * ECHO_LOCAL_SPEECH=1 keeps it for a self-hosted build.
 */
const LOCAL_SPEECH_OUT = [{ find: /^(.*\/local)\/available$/, replacement: "$1/available.production" }];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === "build" && process.env.ECHO_LOCAL_SPEECH !== "1" ? LOCAL_SPEECH_OUT : [] },
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({ remoteBindings: false, persistState: stateDir ? { path: stateDir } : true }),
  ],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: Boolean(process.env.PORT) },
}));
