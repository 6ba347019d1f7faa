// Sessions the Lucia way: a random token in a cookie, only its SHA-256 in D1, sliding expiry, and an
// absolute lifetime: however often it is used, a session ends SESSION_MAX_AGE_MS after its sign-in (a
// stolen cookie does not live for ever by being used).
import type { UserRow } from "../db/users";
import type { Db } from "../db/client";
import { deleteSession, insertSession, sessionWithUser, touchSession } from "../db/auth/sessions";
import { randomToken, tokenHash } from "./token";

export { SESSION_COOKIE } from "../../protocol/api";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend the session when less than this is left. */
export const SESSION_RENEW_MS = 15 * 24 * 60 * 60 * 1000;
/** No session lasts longer than this from its sign-in. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** "Last seen" is written at most this often (not one D1 write per request). */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/** A session's id: the SHA-256 of its token. */
export function sessionIdFromToken(token: string): string {
  return tokenHash(token);
}

/** A new session for `userId`; `userAgent` is the summary the sessions list shows (user-agent.ts). */
export async function createSession(database: Db, userId: string, now = Date.now(), userAgent = "") {
  const token = randomToken();
  const session = { id: sessionIdFromToken(token), userId, createdAt: now, expiresAt: now + SESSION_TTL_MS, userAgent, lastSeenAt: now };
  await insertSession(database, session);
  return { token, session };
}

export interface ValidatedSession {
  sessionId: string;
  user: UserRow;
  /** When the session began (its sign-in). */
  createdAt: number;
  expiresAt: number;
  renewed: boolean;
}

export async function validateSessionToken(database: Db, token: string, now = Date.now()): Promise<ValidatedSession | null> {
  const sessionId = sessionIdFromToken(token);
  const row = await sessionWithUser(database, sessionId);
  if (!row) return null;
  const endOfLife = row.session.createdAt + SESSION_MAX_AGE_MS;
  if (now >= row.session.expiresAt || now >= endOfLife) {
    await deleteSession(database, sessionId);
    return null;
  }
  let expiresAt = row.session.expiresAt;
  let renewed = false;
  const extended = Math.min(now + SESSION_TTL_MS, endOfLife);
  if (expiresAt - now < SESSION_RENEW_MS && extended > expiresAt) {
    expiresAt = extended;
    renewed = true;
  }
  if (renewed || now - row.session.lastSeenAt >= LAST_SEEN_EVERY_MS) await touchSession(database, sessionId, expiresAt, now);
  return { sessionId, user: row.user, createdAt: row.session.createdAt, expiresAt, renewed };
}

export async function invalidateSession(database: Db, sessionId: string): Promise<void> {
  await deleteSession(database, sessionId);
}
