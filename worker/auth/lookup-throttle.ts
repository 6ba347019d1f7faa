// A limit on answers that tell whether an email address has an account: an invitation to an address
// with none (404), a sign-up with an address that has one (409). Each lookup is counted before it runs
// (atomically: lookups sent all at once cannot all pass) on its asker's counter, and taken back when
// the answer tells nothing (the invitee exists, the sign-up made an account). Beyond the limit in one
// window (the sign-in throttle's window and table), every lookup of that asker answers 429 until the
// window ends.
import type { Db } from "../db/client";
import { recordFailure, refundFailure } from "../db/auth/auth-throttle";
import { TooManyRequestsError, pleaseWait, secondsUntil } from "../http/errors";
import { THROTTLE_WINDOW_MS } from "./throttle";

export class LookupThrottle {
  constructor(
    /** Names the counters in the throttle table (`${prefix}:${asker}`). */
    private readonly prefix: string,
    readonly limit: number,
    /** What the 429 says, before "Please wait …". */
    private readonly tooMany: string,
  ) {}

  /** Counts one lookup by `asker`; throws a 429 when the ones before used up the limit. */
  async count(database: Db, asker: string, now = Date.now()): Promise<void> {
    const row = await recordFailure(database, this.key(asker), now, THROTTLE_WINDOW_MS, this.limit);
    if (row.failures > this.limit) {
      const seconds = secondsUntil(row.lockedUntil, now);
      throw new TooManyRequestsError(seconds, `${this.tooMany} ${pleaseWait(seconds, "minute")}`);
    }
  }

  /** The lookup told nothing: it does not count. */
  async takeBack(database: Db, asker: string): Promise<void> {
    await refundFailure(database, this.key(asker), this.limit);
  }

  private key(asker: string): string {
    return `${this.prefix}:${asker}`;
  }
}
