// Persistence for failed sign-in counters (auth_throttle): one row per key, a fixed window that starts
// at the first failure, and a lock once the limit is reached inside that window.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { authThrottle } from "../schema";

export type ThrottleRow = typeof authThrottle.$inferSelect;

export async function readThrottle(database: Db, key: string): Promise<ThrottleRow | undefined> {
  return database.select().from(authThrottle).where(eq(authThrottle.key, key)).get();
}

/**
 * Counts one failure for `key` atomically: a window older than `windowMs` restarts at 1; reaching
 * `limit` locks the key until the window ends. Returns the updated row.
 */
export async function recordFailure(database: Db, key: string, now: number, windowMs: number, limit: number): Promise<ThrottleRow> {
  const expired = sql`${authThrottle.windowStart} <= ${now - windowMs}`;
  const failures = sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`;
  const windowStart = sql`case when ${expired} then ${now} else ${authThrottle.windowStart} end`;
  const row = await database
    .insert(authThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: limit <= 1 ? now + windowMs : 0 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        // SQLite evaluates every SET expression against the old row, so the lock repeats the arithmetic.
        failures,
        windowStart,
        lockedUntil: sql`case when ${failures} >= ${limit} then ${windowStart} + ${windowMs} else ${authThrottle.lockedUntil} end`,
      },
    })
    .returning()
    .get();
  return row;
}

export async function clearThrottle(database: Db, key: string): Promise<void> {
  await database.delete(authThrottle).where(eq(authThrottle.key, key));
}

/**
 * Takes back one failure counted for `key` (an attempt counted before its password was checked that
 * then succeeded); a lock that only that count set is lifted with it.
 */
export async function refundFailure(database: Db, key: string, limit: number): Promise<void> {
  await database
    .update(authThrottle)
    .set({
      failures: sql`max(0, ${authThrottle.failures} - 1)`,
      lockedUntil: sql`case when ${authThrottle.failures} - 1 < ${limit} then 0 else ${authThrottle.lockedUntil} end`,
    })
    .where(eq(authThrottle.key, key));
}

/** Deletes counters whose window began before `before` and that lock nothing any more; returns how many. */
export async function deleteStaleThrottles(database: Db, before: number, now: number): Promise<number> {
  const gone = await database
    .delete(authThrottle)
    .where(and(lt(authThrottle.windowStart, before), lt(authThrottle.lockedUntil, now)))
    .returning({ key: authThrottle.key });
  return gone.length;
}
