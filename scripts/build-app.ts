// `vite build` into a folder of its own (the browser tests' app, the bundle check's builds), leaving
// the project as it was. The Cloudflare plugin points .wrangler/deploy/config.json at each build's
// output; `vite preview` finds the build through it, but every `wrangler` command in the project
// follows it too (`wrangler d1 … --local` of `npm run dev`), and fails once the folder is deleted.
// `npm test` runs the browser suite's build beside the unit files, whose bundle check builds too: one
// build at a time holds the deploy config (a lock file beside it) until it is put back, so a second
// build cannot point `vite preview` at its own output, or put back a config the first one still needs.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lockFile } from "./file-lock";
import { localToolEnv } from "./local-env.mjs";

const DEPLOY_CONFIG = join(import.meta.dirname, "..", ".wrangler/deploy/config.json");
const LOCK = `${DEPLOY_CONFIG}.lock`;
/** How long a build waits for another one's lock (a build and a preview's start take well under this). */
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * Builds the app into `outDir` with `env` (and NODE_ENV=production); throws with the build's output if
 * it fails. Answers how to put back the project's deploy config as it was before the build (and let the
 * next build go): at once, or (for `vite preview` of this build, which reads it as it starts) once the
 * preview answers.
 */
export async function buildApp(outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<() => void> {
  const unlock = await lockFile(LOCK, LOCK_WAIT_MS);
  const before = existsSync(DEPLOY_CONFIG) ? readFileSync(DEPLOY_CONFIG, "utf8") : null;
  const restore = () => {
    if (before === null) rmSync(DEPLOY_CONFIG, { force: true });
    else writeFileSync(DEPLOY_CONFIG, before);
    unlock();
  };
  // NODE_ENV=production, as `npm run build` has it: vitest sets "test", which builds React's development code.
  const build = spawnSync("npx", ["vite", "build", "--outDir", outDir, "--logLevel", "error"], {
    env: localToolEnv({ ...env, NODE_ENV: "production" }),
    encoding: "utf8",
  });
  if (build.status !== 0) {
    restore();
    throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }
  return restore;
}
