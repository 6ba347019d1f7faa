// Persistence for trusted browsers (worker/auth/trusted-browser.ts): rows keyed by the SHA-256 of the
// cookie's token, the newest few per account.
import { and, desc, eq, gt, lt, notInArray } from "drizzle-orm";
import type { Db } from "../client";
import { trustedBrowsers, users } from "../schema";

export type TrustedBrowserRow = typeof trustedBrowsers.$inferSelect;

/** Stores `row`, and forgets the account's browsers beyond its newest `keep`. */
export async function insertTrustedBrowser(database: Db, row: TrustedBrowserRow, keep: number): Promise<void> {
  const newest = database
    .select({ id: trustedBrowsers.id })
    .from(trustedBrowsers)
    .where(eq(trustedBrowsers.userId, row.userId))
    .orderBy(desc(trustedBrowsers.createdAt))
    .limit(keep);
  await database.batch([
    database.insert(trustedBrowsers).values(row),
    database.delete(trustedBrowsers).where(and(eq(trustedBrowsers.userId, row.userId), notInArray(trustedBrowsers.id, newest))),
  ]);
}

/** The email of the account that trusts browser `id`, unless it expired (or never was). */
export async function trustedBrowserEmail(database: Db, id: string, now: number): Promise<string | null> {
  const row = await database
    .select({ email: users.email })
    .from(trustedBrowsers)
    .innerJoin(users, eq(trustedBrowsers.userId, users.id))
    .where(and(eq(trustedBrowsers.id, id), gt(trustedBrowsers.expiresAt, now)))
    .get();
  return row?.email ?? null;
}

/** Deletes browsers whose trust ran out; returns how many. */
export async function deleteExpiredTrustedBrowsers(database: Db, now: number): Promise<number> {
  const gone = await database.delete(trustedBrowsers).where(lt(trustedBrowsers.expiresAt, now)).returning({ id: trustedBrowsers.id });
  return gone.length;
}

/** Browser `id` stays trusted until `expiresAt`. */
export async function renewTrustedBrowser(database: Db, id: string, expiresAt: number): Promise<void> {
  await database.update(trustedBrowsers).set({ expiresAt }).where(eq(trustedBrowsers.id, id));
}

export async function deleteTrustedBrowser(database: Db, id: string): Promise<void> {
  await database.delete(trustedBrowsers).where(eq(trustedBrowsers.id, id));
}
