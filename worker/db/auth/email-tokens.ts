// Rows of single-use emailed links (table email_tokens): only the token's SHA-256 is stored.
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../client";
import { emailTokens } from "../schema";

export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = EmailTokenRow["purpose"];

/** Stores a new link of `purpose` for the user; their earlier links of that purpose stop working. */
export async function replaceEmailToken(database: Db, row: EmailTokenRow): Promise<void> {
  await database.batch([
    database.delete(emailTokens).where(and(eq(emailTokens.userId, row.userId), eq(emailTokens.purpose, row.purpose))),
    database.insert(emailTokens).values(row),
  ]);
}

/** Takes the link with this id and purpose out (atomically: one use), or null when there is none. */
export async function takeEmailToken(database: Db, id: string, purpose: EmailTokenPurpose): Promise<EmailTokenRow | null> {
  const rows = await database
    .delete(emailTokens)
    .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, purpose)))
    .returning();
  return rows[0] ?? null;
}

/** Deletes every link of the user (e.g. after a password reset, the other reset links). */
export async function deleteUserEmailTokens(database: Db, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await database.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
}

/** The daily job: links past their expiry. */
export async function deleteExpiredEmailTokens(database: Db, now: number): Promise<number> {
  const gone = await database.delete(emailTokens).where(lt(emailTokens.expiresAt, now)).returning({ id: emailTokens.id });
  return gone.length;
}
