// Session persistence: rows keyed by the SHA-256 of the session token (worker/auth/session.ts makes
// and checks tokens; only their hashes reach the database).
import { eq, lt, or } from "drizzle-orm";
import type { UserRow } from "./users";
import type { Db } from "./client";
import { sessions, users } from "./schema";

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(database: Db, session: SessionRow): Promise<void> {
  await database.insert(sessions).values(session);
}

/** The session with this id and its user, or null. */
export async function sessionWithUser(database: Db, sessionId: string): Promise<{ session: SessionRow; user: UserRow } | null> {
  const row = await database
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId))
    .get();
  return row ?? null;
}

export async function extendSession(database: Db, sessionId: string, expiresAt: number): Promise<void> {
  await database.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(database: Db, sessionId: string): Promise<void> {
  await database.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes sessions past their expiry or created before `createdBefore` (their end of life); returns how many. */
export async function deleteEndedSessions(database: Db, now: number, createdBefore: number): Promise<number> {
  const gone = await database
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.createdAt, createdBefore)))
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * True while session `sessionId` exists and has not expired (a renewal never sets its expiry past the
 * absolute lifetime, so the expiry alone decides).
 */
export async function sessionIsLive(database: Db, sessionId: string, now: number): Promise<boolean> {
  const row = await database.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).get();
  return row !== undefined && row.expiresAt > now;
}
