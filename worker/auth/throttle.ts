// Failed sign-in throttling, per account (the email), per client (CF-Connecting-IP), and per trusted
// browser (worker/auth/trusted-browser.ts).
//   - 5 failures for one account within 15 minutes lock that account's password sign-in for the rest
//     of the window, from every browser but the ones it trusts;
//   - 20 failures from one client within 15 minutes lock that client the same way (an IPv4 address, or
//     an IPv6 /64: http/client-network.ts);
//   - a browser the account trusts counts its own failures instead (5 lock that browser): someone
//     guessing the account's password elsewhere cannot lock its owner out of their own browser.
// A locked key answers 429 `too-many-requests` (with Retry-After) before any password is checked.
// Every attempt is counted as a failure before its password is checked, atomically, so attempts sent
// all at once cannot all pass the lock before any of them is counted: one beyond the limit is refused.
// A successful sign-in clears the account's (or the browser's) counter and takes its own count back
// from the client's (one good account must not reset a client that is guessing others).
import type { Db } from "../db/client";
import { clearThrottle, readThrottle, recordFailure, refundFailure } from "../db/auth/auth-throttle";
import { clientNetwork } from "../http/client-network";
import { TooManyRequestsError, pleaseWait, secondsUntil } from "../http/errors";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 20;

/** One failure counter an attempt is counted on, and what a right password does to it. */
interface Counter {
  key: string;
  limit: number;
  /** "clear": the counter starts over; "refund": only this attempt's count is taken back. */
  onSuccess: "clear" | "refund";
}

/** The counters a sign-in attempt is counted on. */
export interface ThrottleKeys {
  counters: Counter[];
}

/**
 * An attempt for `email` from client `ip`; `trustedBrowser` is the browser's id when the account trusts
 * it (trustedBrowserOf), which then replaces both.
 */
export function throttleKeys(email: string, ip: string | undefined, trustedBrowser: string | null = null): ThrottleKeys {
  if (trustedBrowser) return { counters: [{ key: `browser:${trustedBrowser}`, limit: ACCOUNT_FAILURE_LIMIT, onSuccess: "clear" }] };
  return {
    counters: [
      { key: `acct:${email.toLowerCase()}`, limit: ACCOUNT_FAILURE_LIMIT, onSuccess: "clear" },
      { key: `ip:${clientNetwork(ip)}`, limit: IP_FAILURE_LIMIT, onSuccess: "refund" },
    ],
  };
}

export class TooManyAttemptsError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, `Too many failed sign-in attempts. ${pleaseWait(retryAfterSeconds, "minute")}`);
  }
}

/** Throws TooManyAttemptsError when one of the attempt's counters is locked. */
export async function assertNotThrottled(database: Db, keys: ThrottleKeys, now = Date.now()): Promise<void> {
  const rows = await Promise.all(keys.counters.map((c) => readThrottle(database, c.key)));
  const lockedUntil = Math.max(0, ...rows.map((r) => (r && r.lockedUntil > now ? r.lockedUntil : 0)));
  if (lockedUntil > now) throw new TooManyAttemptsError(secondsUntil(lockedUntil, now));
}

/**
 * Counts a sign-in attempt as a failure before its password is checked; throws TooManyAttemptsError
 * when it goes beyond one of its counters' limits (the attempts before it used them up).
 */
export async function recordSignInAttempt(database: Db, keys: ThrottleKeys, now = Date.now()): Promise<void> {
  const rows = await Promise.all(keys.counters.map((c) => recordFailure(database, c.key, now, THROTTLE_WINDOW_MS, c.limit)));
  const over = rows.filter((r, i) => r.failures > keys.counters[i]!.limit);
  if (over.length) throw new TooManyAttemptsError(secondsUntil(Math.max(...over.map((r) => r.lockedUntil)), now));
}

/** The attempt was right: the account (or browser) starts over, and the client's count of it is taken back. */
export async function recordSignInSuccess(database: Db, keys: ThrottleKeys): Promise<void> {
  await Promise.all(keys.counters.map((c) => (c.onSuccess === "clear" ? clearThrottle(database, c.key) : refundFailure(database, c.key, c.limit))));
}
