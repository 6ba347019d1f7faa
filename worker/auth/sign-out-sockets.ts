// A session that ends (sign-out, a sign-in that replaces it, Google taking over an account) closes the
// dashboard sockets it opened: its change feed (UserFeed) and its viewers of live calls (each call's
// CallSession), in every tab. Without this a signed-out tab would go on receiving live transcripts
// until it reloaded. Sockets are found by the session's tag (http/session-tag.ts); other sessions of
// the same user keep theirs, unless every session ended.
import { callSessionStub } from "../call/internal-request";
import { objectCall } from "../call/object-call";
import type { Db } from "../db/client";
import { viewableLiveCallIds } from "../db/live-calls";
import type { Env } from "../config/env";
import { type EndedSessions, sessionSocketTag } from "../http/session-tag";
import { logError } from "../lib/safe-error";

/**
 * Closes the sockets of session `sessionId` of user `userId` ("every": of all their sessions); resolves
 * once every object answered or gave up. Never throws: the sessions are already gone from D1 (no socket
 * can reconnect with them), so a failure here is logged.
 */
export async function closeSessionSockets(env: Pick<Env, "USER_FEED" | "CALL_SESSION">, database: Db, userId: string, sessionId: string | "every"): Promise<void> {
  const ended: EndedSessions = sessionId === "every" ? { everySession: true, at: Date.now() } : { sessionTag: sessionSocketTag(sessionId) };
  const targets: { what: string; close: () => Promise<number> }[] = [{ what: "feed", close: () => env.USER_FEED.get(env.USER_FEED.idFromName(userId)).signedOut(ended) }];
  try {
    for (const callId of await viewableLiveCallIds(database, userId)) {
      targets.push({ what: `call ${callId}`, close: () => callSessionStub(env, callId).signedOut(userId, ended) });
    }
  } catch (err) {
    logError("sign-out: listing the live calls failed; their viewer sockets stay open", err);
  }
  const results = await Promise.allSettled(targets.map((t) => objectCall(t.close)));
  results.forEach((r, i) => {
    if (r.status === "rejected") logError(`sign-out: closing the ${targets[i]!.what} sockets failed`, r.reason);
  });
}
