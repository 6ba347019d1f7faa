// GET /ws/feed: the signed-in user's change feed. Origin is checked by requireSameOrigin (app.ts),
// the session here; the upgrade is handed to that user's UserFeed Durable Object.
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { socketSessionOf, writeSocketSession } from "../http/session-tag";
import { acceptedUpgrade, protocolVersionRefusal, requireWebSocketUpgrade } from "../http/websocket";

export const feedRoutes = new Hono<AppEnv>().get("/", async (c) => {
  requireWebSocketUpgrade(c, "Connect with a WebSocket.");
  const user = requireUser(c);
  const outdated = protocolVersionRefusal(c);
  if (outdated) return outdated;
  const stub = c.env.USER_FEED.get(c.env.USER_FEED.idFromName(user.id));
  const headers = new Headers({ Upgrade: "websocket" });
  writeSocketSession(headers, socketSessionOf(c.var));
  const res = await stub.fetch(new Request("https://user-feed/connect", { headers }));
  if (res.status !== 101 || !res.webSocket) return res;
  return acceptedUpgrade(c, res.webSocket);
});
