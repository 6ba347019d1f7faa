// Session persistence: rows keyed by the SHA-256 of the session token (worker/auth/session.ts makes
// and checks tokens; only their hashes reach the database).
import { and, desc, eq, gt, lt, ne, or } from "drizzle-orm";
import type { UserRow } from "../users";
import type { Db } from "../client";
import { sessions, users } from "../schema";

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

/** Sets a session's expiry and its "last seen". */
export async function touchSession(database: Db, sessionId: string, expiresAt: number, lastSeenAt: number): Promise<void> {
  await database.update(sessions).set({ expiresAt, lastSeenAt }).where(eq(sessions.id, sessionId));
}

/** A user's sessions that have not expired, most recently seen first. */
export async function listUserSessions(database: Db, userId: string, now: number): Promise<SessionRow[]> {
  return database
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes one session of `userId` (someone else's answers false: ownership). */
export async function deleteUserSession(database: Db, userId: string, sessionId: string): Promise<boolean> {
  const gone = await database
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}

/** Deletes every session of `userId` but `keep` (null: all of them); returns the ended ids. */
export async function deleteUserSessions(database: Db, userId: string, keep: string | null): Promise<string[]> {
  const gone = await database
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return gone.map((g) => g.id);
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
