// The app as it deploys, started locally: the production build (`vite build`: the SPA's chunks and the
// Worker bundle, without the local speech engines) into a folder of the state directory, served by
// `vite preview` (the built Worker, its Durable Objects and D1 in workerd) on a free port. Every setting
// comes from `settings` over wrangler.toml's [vars] (never the developer's .dev.vars). Used by the
// browser tests (e2e/support/global-setup.ts) and `npm run screenshots` (scripts/screenshots.ts).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { SettingName } from "../worker/config/setting-names.ts";
import { writeIsolatedConfig } from "../test/local-settings";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "./local-db.mjs";
import { buildApp } from "./build-app";
import { freePort, startServer } from "./local-server";

export interface PreviewApp {
  baseURL: string;
  /** The built Worker's wrangler config (for a `wrangler dev` of the same build). */
  builtWorkerConfig: string;
  stop(): Promise<void>;
}

/**
 * Migrates a fresh D1 database in `stateDir` (an existing, empty folder), runs `beforeStart(stateDir)`
 * (e.g. seeding it while nothing else holds it), builds and starts the app; resolves once it answers.
 */
export async function startPreviewApp(
  stateDir: string,
  settings: Partial<Record<SettingName, string>>,
  beforeStart: (stateDir: string) => void | Promise<void> = () => {},
): Promise<PreviewApp> {
  migrateLocal(stateDir);
  await beforeStart(stateDir);
  const port = await freePort();
  const settingsDir = join(stateDir, "settings");
  mkdirSync(settingsDir);
  const baseURL = `http://localhost:${port}`;
  // The app knows its own address, as a deployment does (PUBLIC_HOST): links in mail and the URLs a
  // callback hands Twilio point at it.
  const configPath = writeIsolatedConfig(settingsDir, { PUBLIC_HOST: baseURL, ...settings });
  // The build (in the state folder) carries these settings into its own .dev.vars for `vite preview`.
  const env = { ...process.env, ECHO_STATE_DIR: stateDir, ECHO_WRANGLER_CONFIG: configPath, PORT: String(port) };
  const buildDir = join(stateDir, "build");
  const restoreDeployConfig = await buildApp(buildDir, env);
  const server = await startServer({
    args: ["vite", "preview", "--outDir", buildDir, "--port", String(port), "--strictPort"],
    env,
    readyURL: `${baseURL}/api/config`,
  }).finally(restoreDeployConfig);
  return { baseURL, builtWorkerConfig: join(buildDir, "echo", "wrangler.json"), stop: () => server.stop() };
}
