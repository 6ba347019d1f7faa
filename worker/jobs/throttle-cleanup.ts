// The scheduled clean-up of attempt counters (auth_throttle): every sign-in from a new address or
// email, and every number that typed a wrong link code, leaves a row; once its window (at most an hour)
// is long over and it locks nothing, it is deleted. Runs from the cron trigger in wrangler.toml.
import { deleteStaleThrottles } from "../db/auth-throttle";
import { db } from "../db/client";
import type { Env } from "../env";

/** Counters whose window began longer ago than this go (every window is an hour or less). */
export const STALE_THROTTLE_MS = 24 * 60 * 60 * 1000;

export async function deleteStaleThrottleRows(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  const deleted = await deleteStaleThrottles(db(env.DB), now - STALE_THROTTLE_MS, now);
  if (deleted > 0) console.log(`throttle clean-up: ${deleted} stale counters deleted`);
  return deleted;
}
