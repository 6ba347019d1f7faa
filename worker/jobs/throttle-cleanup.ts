// The scheduled clean-up of sign-in throttling's rows. Attempt counters (auth_throttle): every sign-in
// from a new address or email, and every number that typed a wrong link code, leaves a row; once its
// window (at most an hour) is long over and it locks nothing, it is deleted. Trusted browsers
// (trusted_browsers) go when their trust runs out. Runs from the cron trigger in wrangler.toml.
import { deleteStaleThrottles } from "../db/auth/auth-throttle";
import { db } from "../db/client";
import { deleteExpiredTrustedBrowsers } from "../db/auth/trusted-browsers";
import type { Env } from "../config/env";

/** Counters whose window began longer ago than this go (every window is an hour or less). */
export const STALE_THROTTLE_MS = 24 * 60 * 60 * 1000;

export async function deleteStaleThrottleRows(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  const database = db(env.DB);
  const deleted = await deleteStaleThrottles(database, now - STALE_THROTTLE_MS, now);
  if (deleted > 0) console.log(`throttle clean-up: ${deleted} stale counters deleted`);
  const browsers = await deleteExpiredTrustedBrowsers(database, now);
  if (browsers > 0) console.log(`throttle clean-up: ${browsers} expired trusted browsers deleted`);
  return deleted + browsers;
}
