// Deleting an account from D1. The users row goes, and by foreign keys everything of it: sessions,
// trusted browsers, Echoes, calls (with transcripts, summaries, invitations, Insights figures), phone
// link codes, the invitations it received, latency sums; the triggers of migration 0004 drop its day
// sums. The sign-in counter of its address goes too, so an account made again with that email starts
// with nothing of the old one.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { CALL_IN_PROGRESS } from "../call-writes";
import { authThrottle, calls, users } from "../schema";

/** Every call of the account (ids), newest first. */
export async function callIdsOf(database: Db, userId: string): Promise<string[]> {
  const rows = await database.select({ id: calls.id }).from(calls).where(eq(calls.userId, userId)).orderBy(sql`${calls.startTime} desc`).all();
  return rows.map((r) => r.id);
}

/** Whether the account has a call in progress. */
export async function hasCallInProgress(database: Db, userId: string): Promise<boolean> {
  const row = await database
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.userId, userId), eq(calls.status, CALL_IN_PROGRESS)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** Deletes the account's row (and, by cascade, everything of it) and its address's sign-in counter. */
export async function deleteUserRows(database: Db, user: { id: string; email: string }): Promise<void> {
  await database.batch([database.delete(users).where(eq(users.id, user.id)), database.delete(authThrottle).where(eq(authThrottle.key, `acct:${user.email}`))]);
}
