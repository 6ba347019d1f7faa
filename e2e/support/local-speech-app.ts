// A second app for e2e/local-speech.test.ts: `vite dev` WITH the embedded local speech engines
// (AI_PROVIDER=local), isolated like the suite's own app (its own migrated state folder and settings,
// never the developer's .dev.vars). Its start is slow — ~60 MB of engine modules go into workerd — so
// only a run with that file pays for it. In the whole suite `npm test` (scripts/test-all.ts) launches
// it at the start of the run, so it starts while other files run (`launchLocalSpeechApp`), and tells
// the test file where it is (ECHO_E2E_LOCAL_SPEECH_APP), which waits for it (`awaitLaunchedApp`); run
// alone, the file starts it itself (`startLocalSpeechApp`).
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "../../scripts/local-db.mjs";
import { freePort, spawnServer, waitUntilUp } from "../../scripts/local-server";
import { writeIsolatedConfig } from "../../test/local-settings";

/** The project's Vite config with its own dependency cache (see the file). */
const CONFIG = join(import.meta.dirname, "vite.local-speech.config.ts");

export interface LocalSpeechApp {
  baseURL: string;
  stop(): Promise<void>;
}

/** Launched and still starting: `ready` settles when it answers or its start failed. */
export interface LaunchedLocalSpeechApp extends LocalSpeechApp {
  ready: Promise<void>;
}

/** What a test file needs to find an app launched by another process (ECHO_E2E_LOCAL_SPEECH_APP, as JSON). */
export interface LaunchedAppRef {
  baseURL: string;
  /** Written with the reason if the app's start failed. */
  failureFile: string;
}

export const LAUNCHED_APP_ENV = "ECHO_E2E_LOCAL_SPEECH_APP";

export function launchedAppFromEnv(): LaunchedAppRef | null {
  const json = process.env[LAUNCHED_APP_ENV];
  return json ? (JSON.parse(json) as LaunchedAppRef) : null;
}

/** How long the app may take to answer: its start loads the engines (25–110 s measured on the busy shared machine). */
const START_TIMEOUT_MS = 200_000;

export async function launchLocalSpeechApp(dir: string): Promise<LaunchedLocalSpeechApp> {
  const stateDir = join(dir, "state");
  const settingsDir = join(dir, "settings");
  mkdirSync(stateDir);
  mkdirSync(settingsDir);
  migrateLocal(stateDir);
  const configPath = writeIsolatedConfig(settingsDir, { AI_PROVIDER: "local" });
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const { ECHO_LOCAL_SPEECH: _dropped, ...env } = process.env;
  const { server, ready } = spawnServer({
    args: ["vite", "dev", "--config", CONFIG, "--port", String(port), "--strictPort"],
    env: { ...env, ECHO_STATE_DIR: stateDir, ECHO_WRANGLER_CONFIG: configPath, PORT: String(port) },
    readyURL: `${baseURL}/api/config`,
    timeoutMs: START_TIMEOUT_MS,
  });
  return { baseURL, ready, stop: () => server.stop() };
}

export async function startLocalSpeechApp(dir: string): Promise<LocalSpeechApp> {
  const app = await launchLocalSpeechApp(dir);
  await app.ready;
  return app;
}

/** Waits until an app launched by another process answers; the launcher stops it. */
export async function awaitLaunchedApp({ baseURL, failureFile }: LaunchedAppRef): Promise<LocalSpeechApp> {
  const failed = () => (existsSync(failureFile) ? `the local speech app did not start: ${readFileSync(failureFile, "utf8")}` : null);
  await waitUntilUp(`${baseURL}/api/config`, START_TIMEOUT_MS, failed);
  return { baseURL, stop: async () => {} };
}
