// The production build (`npm run build`: the SPA and the Worker as they deploy, without the local
// speech engines), once per process, for the benches that measure the Worker as deployed. wrangler.toml's
// Worker, as `wrangler dev` bundles it, carries the engines' ~36 MB of model data modules in the isolate
// from its start, and with them unrelated requests run many times slower (Insights year p95 623 vs 40 ms,
// idle, calls-api bench): a cost no deployment has.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
let built: string | null = null;

/** Builds once and answers the built Worker's wrangler config (dist/echo/wrangler.json). */
export function productionWorkerConfig(): string {
  if (!built) {
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    built = join(ROOT, "dist/echo/wrangler.json");
  }
  return built;
}
