// Every dashboard socket (the feed, a live viewer) is tagged with the session that opened it, so that
// signing out closes that session's sockets too (auth/sign-out-sockets.ts), in every tab that holds one.

/** The header our routes set on a socket upgrade they forward to a Durable Object: the session's tag. */
export const SESSION_TAG_HEADER = "x-echo-session-tag";

/** The socket tag of session `sessionId` (the SHA-256 of its token, as D1 keys it; never the token). */
export function sessionSocketTag(sessionId: string): string {
  return `session:${sessionId}`;
}

/** Whose dashboard sockets to close: those one session opened, or every session's of the user. */
export type EndedSessions = { sessionTag: string } | { everySession: true };
