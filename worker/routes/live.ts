// GET /ws/live/:callId: a dashboard viewer of one live call. Origin and session are checked by the
// /ws/* middleware (403 / 401); here only the call's owner and its participants get through — anyone
// else, and any unknown call, gets 404 — and the upgrade goes to the call's CallSession with the
// verified user id.
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { socketSessionOf } from "../http/session-tag";
import { callSessionStub, callSessionUpgrade } from "../call/internal-request";
import { db } from "../db/client";
import { roleInCall } from "../db/live-calls";
import { ApiError } from "../http/errors";
import { acceptedUpgrade, protocolVersionRefusal, requireWebSocketUpgrade } from "../http/websocket";
import type { ViewerServerMessage } from "../../protocol/live";
import { PROTOCOL_VERSION_ERROR_CODE } from "../../protocol/version";

export const liveRoutes = new Hono<AppEnv>().get("/:callId", async (c) => {
  requireWebSocketUpgrade(c);
  const user = requireUser(c);
  const outdated = protocolVersionRefusal(c, (error) => JSON.stringify({ type: "live_error", error, code: PROTOCOL_VERSION_ERROR_CODE } satisfies ViewerServerMessage));
  if (outdated) return outdated;
  const callId = c.req.param("callId");
  const access = await roleInCall(db(c.env.DB), callId, user.id);
  if (!access) throw new ApiError(404, "not-found", "No such live call.");
  const stub = callSessionStub(c.env, callId);
  const grant = {
    callId,
    userId: user.id,
    role: "viewer" as const,
    ...socketSessionOf(c.var),
    ...(access.invitedAt !== undefined ? { invitedAt: access.invitedAt } : {}),
  };
  const res = await stub.fetch(callSessionUpgrade(grant));
  if (res.status === 401) throw new ApiError(401, "unauthenticated", "Please sign in."); // signed out meanwhile
  if (res.status !== 101 || !res.webSocket) throw new ApiError(404, "not-found", "No such live call.");
  return acceptedUpgrade(c, res.webSocket);
});
