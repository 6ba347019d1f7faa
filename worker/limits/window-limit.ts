// A count per key and fixed window (the auth_throttle table's counters, db/auth/auth-throttle.ts): each use
// is counted before it runs, atomically, so uses sent all at once cannot all pass; beyond `limit` in one
// window every use of that key answers 429 (with Retry-After) until the window ends. A use that turns out
// not to happen (it lost a race, it failed before anything was spent) is taken back.
import type { Db } from "../db/client";
import { recordFailure, refundFailure } from "../db/auth/auth-throttle";
import { TooManyRequestsError, pleaseWait, secondsUntil } from "../http/errors";

/** The scheduled clean-up deletes counters a day after their window began: no window may be longer. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

export class WindowLimit {
  constructor(
    /** Names the counters in the table (`${prefix}:${key}`). */
    private readonly prefix: string,
    readonly limit: number,
    readonly windowMs: number,
    /** What the 429 says, before "Please wait …". */
    private readonly tooMany: string,
  ) {
    if (windowMs > LONGEST_WINDOW_MS) throw new Error(`${prefix}: a window longer than a day would be cleaned up before it ends`);
  }

  /** Counts one use by `key`; throws a 429 when the ones before used up the limit. */
  async count(database: Db, key: string, now = Date.now()): Promise<void> {
    const row = await recordFailure(database, this.key(key), now, this.windowMs, this.limit);
    if (row.failures > this.limit) {
      const seconds = secondsUntil(row.lockedUntil, now);
      throw new TooManyRequestsError(seconds, `${this.tooMany} ${pleaseWait(seconds, "minute")}`);
    }
  }

  /** The use did not happen: it does not count. */
  async takeBack(database: Db, key: string): Promise<void> {
    await refundFailure(database, this.key(key), this.limit);
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }
}
