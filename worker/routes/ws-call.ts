// GET /ws/call: the browser test call socket. Origin and session are checked by the /ws/* middleware;
// here the signed-in user gets a new call id and the upgrade goes to that call's CallSession.
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { callSessionStub, callSessionUpgrade } from "../call/internal-request";
import { socketSessionOf } from "../http/session-tag";
import { acceptedUpgrade, protocolVersionRefusal, requireWebSocketUpgrade } from "../http/websocket";
import type { ServerMessage } from "../../protocol/call-messages";
import { PROTOCOL_VERSION_ERROR_CODE } from "../../protocol/version";

export const wsCallRoutes = new Hono<AppEnv>().get("/", async (c) => {
  requireWebSocketUpgrade(c);
  const user = requireUser(c);
  const outdated = protocolVersionRefusal(c, (error) => JSON.stringify({ type: "error", error, code: PROTOCOL_VERSION_ERROR_CODE } satisfies ServerMessage));
  if (outdated) return outdated;
  const callId = crypto.randomUUID();
  const stub = callSessionStub(c.env, callId);
  const res = await stub.fetch(callSessionUpgrade({ callId, userId: user.id, role: "browser", ...socketSessionOf(c.var) }));
  if (res.status !== 101 || !res.webSocket) return res;
  return acceptedUpgrade(c, res.webSocket);
});
