// Failed sign-in throttling, per account (the email) and per client (CF-Connecting-IP).
//   - 5 failures for one account within 15 minutes lock that account's password sign-in for the rest
//     of the window;
//   - 20 failures from one client within 15 minutes lock that client the same way (an IPv4 address, or
//     an IPv6 /64: http/client-network.ts).
// A locked key answers 429 `too-many-requests` (with Retry-After) before any password is checked.
// Every attempt is counted as a failure before its password is checked, atomically, so attempts sent
// all at once cannot all pass the lock before any of them is counted: one beyond the limit is refused.
// A successful sign-in clears the account's counter and takes its own count back from the IP's (one
// good account must not reset a client that is guessing others).
import type { Db } from "../db/client";
import { clearThrottle, readThrottle, recordFailure, refundFailure } from "../db/auth-throttle";
import { clientNetwork } from "../http/client-network";
import { ApiError } from "../http/errors";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 20;

export interface ThrottleKeys {
  account: string;
  ip: string;
}

export function throttleKeys(email: string, ip: string | undefined): ThrottleKeys {
  return { account: `acct:${email.toLowerCase()}`, ip: `ip:${clientNetwork(ip)}` };
}

export class TooManyAttemptsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      "too-many-requests",
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
  }
}

/** Throws TooManyAttemptsError when the account or the client is locked. */
export async function assertNotThrottled(database: Db, keys: ThrottleKeys, now = Date.now()): Promise<void> {
  const rows = await Promise.all([readThrottle(database, keys.account), readThrottle(database, keys.ip)]);
  const lockedUntil = Math.max(0, ...rows.map((r) => (r && r.lockedUntil > now ? r.lockedUntil : 0)));
  if (lockedUntil > now) throw new TooManyAttemptsError(Math.ceil((lockedUntil - now) / 1000));
}

/**
 * Counts a sign-in attempt as a failure before its password is checked; throws TooManyAttemptsError
 * when it goes beyond the account's or the client's limit (the attempts before it used them up).
 */
export async function recordSignInAttempt(database: Db, keys: ThrottleKeys, now = Date.now()): Promise<void> {
  const rows = await Promise.all([
    recordFailure(database, keys.account, now, THROTTLE_WINDOW_MS, ACCOUNT_FAILURE_LIMIT),
    recordFailure(database, keys.ip, now, THROTTLE_WINDOW_MS, IP_FAILURE_LIMIT),
  ]);
  const limits = [ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT];
  const over = rows.filter((r, i) => r.failures > limits[i]!);
  if (over.length) throw new TooManyAttemptsError(Math.max(1, Math.ceil((Math.max(...over.map((r) => r.lockedUntil)) - now) / 1000)));
}

/** The attempt was right: the account starts over, and the client's count of it is taken back. */
export async function recordSignInSuccess(database: Db, keys: ThrottleKeys): Promise<void> {
  await Promise.all([clearThrottle(database, keys.account), refundFailure(database, keys.ip, IP_FAILURE_LIMIT)]);
}
