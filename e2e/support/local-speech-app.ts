// A second app for e2e/local-speech.test.ts: `vite dev` WITH the embedded local speech engines
// (AI_PROVIDER=local), isolated like the suite's own app (its own migrated state folder and settings,
// never the developer's .dev.vars). Its start is slow — ~60 MB of engine modules go into workerd — so
// only the file that needs it pays for it.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "../../scripts/local-db.mjs";
import { freePort, startServer } from "../../scripts/local-server";
import { writeIsolatedConfig } from "../../test/local-settings";

/** The project's Vite config with its own dependency cache (see the file). */
const CONFIG = join(import.meta.dirname, "vite.local-speech.config.ts");

export interface LocalSpeechApp {
  baseURL: string;
  log(): string;
  stop(): Promise<void>;
}

/** How long the app may take to answer: its start loads the engines (25–110 s measured on the busy shared machine). */
const START_TIMEOUT_MS = 200_000;

export async function startLocalSpeechApp(dir: string): Promise<LocalSpeechApp> {
  const stateDir = join(dir, "state");
  const settingsDir = join(dir, "settings");
  mkdirSync(stateDir);
  mkdirSync(settingsDir);
  migrateLocal(stateDir);
  const configPath = writeIsolatedConfig(settingsDir, { AI_PROVIDER: "local" });
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const { ECHO_LOCAL_SPEECH: _dropped, ...env } = process.env;
  const server = await startServer({
    args: ["vite", "dev", "--config", CONFIG, "--port", String(port), "--strictPort"],
    env: { ...env, ECHO_STATE_DIR: stateDir, ECHO_WRANGLER_CONFIG: configPath, PORT: String(port) },
    readyURL: `${baseURL}/api/config`,
    timeoutMs: START_TIMEOUT_MS,
  });
  return { baseURL, log: () => server.log(), stop: () => server.stop() };
}
