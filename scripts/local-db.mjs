// Applies D1 migrations to the local (Miniflare) database that `vite dev` uses.
// ECHO_STATE_DIR points both at a throwaway state folder (browser tests use this).
import { spawnSync } from "node:child_process";
import { localToolEnv } from "./local-env.mjs";

export function migrateLocal(stateDir = process.env.ECHO_STATE_DIR) {
  const args = ["wrangler", "d1", "migrations", "apply", "DB", "--local"];
  if (stateDir) args.push("--persist-to", stateDir);
  const result = spawnSync("npx", args, { stdio: "inherit", env: localToolEnv({ ...process.env, CI: "true" }) });
  if (result.status !== 0) throw new Error(`D1 migrations failed (exit ${result.status})`);
}
