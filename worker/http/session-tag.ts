// Every dashboard socket (the feed, a live viewer) is tagged with the session that opened it, so that
// signing out closes that session's sockets too (auth/sign-out-sockets.ts), in every tab that holds one.
// It also carries when that session expires as of its upgrade: an object closes the socket then
// (CLOSE_SESSION_EXPIRED), and the page's reconnection is checked like any upgrade, so a session that
// expired keeps no socket open, and one renewed since just reconnects.

/** The header our routes set on a socket upgrade they forward to a Durable Object: the session's tag. */
export const SESSION_TAG_HEADER = "x-echo-session-tag";
/** …and when that session expires unless it is used again (epoch ms, decimal). */
export const SESSION_EXPIRES_HEADER = "x-echo-session-expires";
/** …and when it began (epoch ms, decimal). */
export const SESSION_CREATED_HEADER = "x-echo-session-created";

/** A time our route set on a forwarded upgrade (null: none, or not a time). */
export function readTimeHeader(headers: Headers, name: string): number | null {
  const value = Number(headers.get(name) ?? Number.NaN);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The session expiry our route set on a forwarded upgrade (null: none, or not a time). */
export function readSessionExpiry(headers: Headers): number | null {
  return readTimeHeader(headers, SESSION_EXPIRES_HEADER);
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
