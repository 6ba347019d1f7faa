// `vite build` into a folder of its own (the browser tests' app, the bundle check's builds), leaving
// the project as it was. The Cloudflare plugin points .wrangler/deploy/config.json at each build's
// output; `vite preview` finds the build through it, but every `wrangler` command in the project
// follows it too (`wrangler d1 … --local` of `npm run dev`), and fails once the folder is deleted.
// `npm test` runs the browser suite's build beside the unit files, whose bundle check builds too: one
// build at a time holds the deploy config (a lock file beside it) until it is put back, so a second
// build cannot point `vite preview` at its own output, or put back a config the first one still needs.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { lockFile } from "./file-lock";
import { localToolEnv } from "./local-env.mjs";

const DEPLOY_CONFIG = join(import.meta.dirname, "..", ".wrangler/deploy/config.json");
const LOCK = join(import.meta.dirname, "..", ".wrangler/deploy/build.lock");
/** How long a build waits for another one's lock (a build and a preview's start take well under this). */
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * Builds the app into `outDir` with `env` (and NODE_ENV=production); throws with the build's output if
 * it fails. Answers how to put back the project's deploy config as it was before the build (and let the
 * next build go): at once, or (for `vite preview` of this build, which reads it as it starts) once the
 * preview answers.
 */
export async function buildApp(outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<() => Promise<void>> {
  const unlock = await lockFile(LOCK, LOCK_WAIT_MS);
  const before = existsSync(DEPLOY_CONFIG) ? readFileSync(DEPLOY_CONFIG, "utf8") : null;
  const restore = async () => {
    try {
      if (before === null) rmSync(DEPLOY_CONFIG, { force: true });
      else writeFileSync(DEPLOY_CONFIG, before);
    } finally {
      await unlock();
    }
  };
  // NODE_ENV=production, as `npm run build` has it: vitest sets "test", which builds React's development
  // code. Not spawnSync: the lock is renewed on a timer while the build runs.
  try {
    await promisify(execFile)("npx", ["vite", "build", "--outDir", outDir, "--logLevel", "error"], {
      env: localToolEnv({ ...env, NODE_ENV: "production" }),
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    await restore();
    const { stdout = "", stderr = "" } = err as { stdout?: string; stderr?: string };
    throw new Error(`vite build failed:\n${stdout}\n${stderr}`);
  }
  return restore;
}
