// Every dashboard socket (the feed, a live viewer) is tagged with the session that opened it, so that
// signing out closes that session's sockets too (auth/sign-out-sockets.ts), in every tab that holds one.
// It also carries when that session expires as of its upgrade: an object closes the socket then
// (CLOSE_SESSION_EXPIRED), and the page's reconnection is checked like any upgrade, so a session that
// expired keeps no socket open, and one renewed since just reconnects.

/** The header our routes set on a socket upgrade they forward to a Durable Object: the session's tag. */
export const SESSION_TAG_HEADER = "x-echo-session-tag";
/** …and when that session expires unless it is used again (epoch ms, decimal). */
const SESSION_EXPIRES_HEADER = "x-echo-session-expires";
/** …and when it began (epoch ms, decimal). */
export const SESSION_CREATED_HEADER = "x-echo-session-created";

/** What a dashboard socket's upgrade carries of the session that opened it (each absent without a session). */
export interface SocketSession {
  /** The session's socket tag (sessionSocketTag). */
  sessionTag?: string;
  /** When it expires as of the upgrade (epoch ms): the socket closes then. */
  sessionExpiresAt?: number;
  /** When it began (epoch ms): http/ended-session-tags.ts. */
  sessionCreatedAt?: number;
}

/** The signed-in session of a request, as the auth middleware left it (auth/middleware.ts). */
export function socketSessionOf(vars: { sessionId: string | null; sessionExpiresAt: number | null; sessionCreatedAt: number | null }): SocketSession {
  return {
    ...(vars.sessionId ? { sessionTag: sessionSocketTag(vars.sessionId) } : {}),
    ...(vars.sessionExpiresAt ? { sessionExpiresAt: vars.sessionExpiresAt } : {}),
    ...(vars.sessionCreatedAt ? { sessionCreatedAt: vars.sessionCreatedAt } : {}),
  };
}

/** Sets `session` on the headers of an upgrade a route forwards to a Durable Object. */
export function writeSocketSession(headers: Headers, session: SocketSession): void {
  if (session.sessionTag) headers.set(SESSION_TAG_HEADER, session.sessionTag);
  if (session.sessionExpiresAt) headers.set(SESSION_EXPIRES_HEADER, String(session.sessionExpiresAt));
  if (session.sessionCreatedAt) headers.set(SESSION_CREATED_HEADER, String(session.sessionCreatedAt));
}

/** The session our route set on a forwarded upgrade (writeSocketSession); a time that is not one is left out. */
export function readSocketSession(headers: Headers): SocketSession {
  const sessionTag = headers.get(SESSION_TAG_HEADER);
  const sessionExpiresAt = readTimeHeader(headers, SESSION_EXPIRES_HEADER);
  const sessionCreatedAt = readTimeHeader(headers, SESSION_CREATED_HEADER);
  return { ...(sessionTag ? { sessionTag } : {}), ...(sessionExpiresAt ? { sessionExpiresAt } : {}), ...(sessionCreatedAt ? { sessionCreatedAt } : {}) };
}

/** A time our route set on a forwarded upgrade (null: none, or not a time). */
export function readTimeHeader(headers: Headers, name: string): number | null {
  const value = Number(headers.get(name) ?? Number.NaN);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

const TAG_PREFIX = "session:";

/** The socket tag of session `sessionId` (the SHA-256 of its token, as D1 keys it; never the token). */
export function sessionSocketTag(sessionId: string): string {
  return `${TAG_PREFIX}${sessionId}`;
}

/** The session id a socket tag names (null: not a session tag). */
export function sessionIdOfTag(tag: string): string | null {
  return tag.startsWith(TAG_PREFIX) ? tag.slice(TAG_PREFIX.length) : null;
}

/** Whose dashboard sockets to close: those one session opened, or every session's of the user. */
export type EndedSessions = { sessionTag: string } | { everySession: true; /** When (epoch ms, the Worker's clock): sessions begun before it ended. */ at: number };
