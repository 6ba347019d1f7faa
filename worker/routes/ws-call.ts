// GET /ws/call: the browser test call socket. Origin and session are checked by the /ws/* middleware;
// here the signed-in user gets a new call id and the upgrade goes to that call's CallSession.
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireUser } from "../auth/middleware";
import { callSessionUpgrade } from "../call/internal-request";
import { requireWebSocketUpgrade } from "../http/websocket";

export const wsCallRoutes = new Hono<AppEnv>().get("/", async (c) => {
  requireWebSocketUpgrade(c);
  const user = requireUser(c);
  const callId = crypto.randomUUID();
  const stub = c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(callId));
  return stub.fetch(callSessionUpgrade({ callId, userId: user.id, role: "browser" }));
});
