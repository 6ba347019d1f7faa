// An invitation by email tells whether the address has an account (404 user-not-found). So that a
// signed-in user cannot test address after address through it, each inviter has INVITE_MISS_LIMIT
// lookups of addresses without an account per window (the sign-in throttle's window and table); beyond
// it, every invitation of theirs answers 429 until the window ends. Each lookup is counted before it
// runs (atomically: invitations sent all at once cannot all pass) and taken back when the address has
// an account, so inviting real people never counts.
import type { Db } from "../db/client";
import { recordFailure, refundFailure } from "../db/auth-throttle";
import { TooManyRequestsError, pleaseWait, secondsUntil } from "../http/errors";
import { THROTTLE_WINDOW_MS } from "./throttle";

export const INVITE_MISS_LIMIT = 10;

const keyOf = (userId: string) => `invite:${userId}`;

class TooManyInviteMissesError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, `Too many invitations to addresses without an Echo account. ${pleaseWait(retryAfterSeconds, "minute")}`);
  }
}

/** Counts one lookup by `userId`; throws TooManyInviteMissesError when the ones before used up the limit. */
export async function countInviteLookup(database: Db, userId: string, now = Date.now()): Promise<void> {
  const row = await recordFailure(database, keyOf(userId), now, THROTTLE_WINDOW_MS, INVITE_MISS_LIMIT);
  if (row.failures > INVITE_MISS_LIMIT) throw new TooManyInviteMissesError(secondsUntil(row.lockedUntil, now));
}

/** The address looked up had an account: the lookup does not count. */
export async function inviteLookupFound(database: Db, userId: string): Promise<void> {
  await refundFailure(database, keyOf(userId), INVITE_MISS_LIMIT);
}
