import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { prerenderLanding } from "./scripts/vite-prerender-landing";

// ECHO_STATE_DIR lets the browser tests run against their own throwaway local D1 / DO state.
const stateDir = process.env.ECHO_STATE_DIR;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    prerenderLanding(),
    cloudflare({ remoteBindings: false, persistState: stateDir ? { path: stateDir } : true }),
  ],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: Boolean(process.env.PORT) },
});
