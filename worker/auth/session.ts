// Sessions the Lucia way: a random token in a cookie, only its SHA-256 in D1, sliding expiry.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import type { UserRow } from "../app-env";

export const SESSION_COOKIE = "echo_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend the session when less than this is left. */
export const SESSION_RENEW_MS = 15 * 24 * 60 * 60 * 1000;

/** 160 random bits, base32. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(database: Db, userId: string, now = Date.now()) {
  const token = generateSessionToken();
  const session = { id: sessionIdFromToken(token), userId, createdAt: now, expiresAt: now + SESSION_TTL_MS };
  await database.insert(sessions).values(session);
  return { token, session };
}

export interface ValidatedSession {
  sessionId: string;
  user: UserRow;
  expiresAt: number;
  renewed: boolean;
}

export async function validateSessionToken(database: Db, token: string, now = Date.now()): Promise<ValidatedSession | null> {
  const sessionId = sessionIdFromToken(token);
  const row = await database
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId))
    .get();
  if (!row) return null;
  if (now >= row.session.expiresAt) {
    await database.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let expiresAt = row.session.expiresAt;
  let renewed = false;
  if (expiresAt - now < SESSION_RENEW_MS) {
    expiresAt = now + SESSION_TTL_MS;
    renewed = true;
    await database.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  }
  return { sessionId, user: row.user, expiresAt, renewed };
}

export async function invalidateSession(database: Db, sessionId: string): Promise<void> {
  await database.delete(sessions).where(eq(sessions.id, sessionId));
}
