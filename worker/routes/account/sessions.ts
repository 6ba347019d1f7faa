// /api/account/sessions: the account's signed-in sessions (device/browser, when it signed in, last
// seen), signing one out, and "sign out everywhere" (this session too). Only the account's own
// sessions can be listed or ended: another account's id answers 404. An ended session's sockets close.
import { Hono } from "hono";
import type { AccountSessionList, MeResponse } from "../../../protocol/api";
import type { AppEnv } from "../../http/app-env";
import { clearSessionCookie, requireUser } from "../../auth/middleware";
import { closeSessionSockets } from "../../auth/sign-out-sockets";
import { db } from "../../db/client";
import { deleteUserSession, deleteUserSessions, listUserSessions } from "../../db/auth/sessions";
import { ApiError } from "../../http/errors";

export const sessionRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    const current = c.get("sessionId");
    const rows = await listUserSessions(db(c.env.DB), user.id, Date.now());
    return c.json<AccountSessionList>({
      sessions: rows.map((s) => ({ id: s.id, device: s.userAgent, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, current: s.id === current })),
    });
  })
  .post("/sign-out-everywhere", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    await deleteUserSessions(database, user.id, null);
    await closeSessionSockets(c.env, database, user.id, "every");
    clearSessionCookie(c);
    c.set("user", null);
    c.set("sessionId", null);
    return c.json<MeResponse>({ user: null });
  })
  .delete("/:id", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const sessionId = c.req.param("id");
    if (!(await deleteUserSession(database, user.id, sessionId))) throw new ApiError(404, "not-found", "No such session.");
    await closeSessionSockets(c.env, database, user.id, sessionId);
    if (sessionId === c.get("sessionId")) {
      clearSessionCookie(c);
      c.set("user", null);
      c.set("sessionId", null);
    }
    return c.body(null, 204);
  });
