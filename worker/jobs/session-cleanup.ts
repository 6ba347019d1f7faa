// The scheduled clean-up of ended sessions: a session is deleted when it is next presented after its
// end (worker/auth/session.ts), but one never presented again (a browser cleared, a device gone) would
// stay in D1 for good. Runs from the cron trigger in wrangler.toml.
import { SESSION_MAX_AGE_MS } from "../auth/session";
import { db } from "../db/client";
import { deleteEndedSessions } from "../db/auth/sessions";
import { deleteExpiredEmailTokens } from "../db/auth/email-tokens";
import type { Env } from "../config/env";

export async function deleteEndedSessionRows(env: Pick<Env, "DB">, now = Date.now()): Promise<number> {
  const deleted = await deleteEndedSessions(db(env.DB), now, now - SESSION_MAX_AGE_MS);
  if (deleted > 0) console.log(`session clean-up: ${deleted} ended sessions deleted`);
  // Emailed links (verification, password reset) past their expiry go with them.
  await deleteExpiredEmailTokens(db(env.DB), now);
  return deleted;
}
