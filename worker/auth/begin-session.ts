// Starts a fresh session for a user who just proved who they are (password or Google): the session
// the request arrived with, if any, is deleted first (rotation) and its sockets closed, then a new token
// is set as the cookie.
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import type { UserRow } from "../db/users";
import { db } from "../db/client";
import { setSessionCookie } from "./middleware";
import { createSession, invalidateSession } from "./session";
import { closeSessionSockets } from "./sign-out-sockets";
import { userAgentSummary } from "./account/user-agent";

export async function beginSession(c: Context<AppEnv>, user: UserRow): Promise<void> {
  const database = db(c.env.DB);
  const previous = c.get("sessionId");
  const previousUser = c.get("user");
  if (previous) {
    await invalidateSession(database, previous);
    // The replaced session's dashboards (this browser's other tabs) close: they may now be someone else's.
    if (previousUser) await closeSessionSockets(c.env, database, previousUser.id, previous);
  }
  const { token, session } = await createSession(database, user.id, Date.now(), userAgentSummary(c.req.header("User-Agent")));
  setSessionCookie(c, token, session.expiresAt);
  c.set("user", user);
  c.set("sessionId", session.id);
}
