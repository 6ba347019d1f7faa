// GET /ws/feed: the signed-in user's change feed. Origin is checked by requireSameOrigin (app.ts),
// the session here; the upgrade is handed to that user's UserFeed Durable Object.
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireUser } from "../auth/middleware";
import { SESSION_CREATED_HEADER, SESSION_EXPIRES_HEADER, SESSION_TAG_HEADER, sessionSocketTag } from "../http/session-tag";
import { acceptedUpgrade, protocolVersionRefusal, requireWebSocketUpgrade } from "../http/websocket";

export const feedRoutes = new Hono<AppEnv>().get("/", async (c) => {
  requireWebSocketUpgrade(c, "Connect with a WebSocket.");
  const user = requireUser(c);
  const outdated = protocolVersionRefusal(c);
  if (outdated) return outdated;
  const stub = c.env.USER_FEED.get(c.env.USER_FEED.idFromName(user.id));
  const headers = new Headers({ Upgrade: "websocket" });
  const sessionId = c.get("sessionId");
  if (sessionId) headers.set(SESSION_TAG_HEADER, sessionSocketTag(sessionId));
  const sessionExpiresAt = c.get("sessionExpiresAt");
  if (sessionExpiresAt) headers.set(SESSION_EXPIRES_HEADER, String(sessionExpiresAt));
  const sessionCreatedAt = c.get("sessionCreatedAt");
  if (sessionCreatedAt) headers.set(SESSION_CREATED_HEADER, String(sessionCreatedAt));
  const res = await stub.fetch(new Request("https://user-feed/connect", { headers }));
  if (res.status !== 101 || !res.webSocket) return res;
  return acceptedUpgrade(c, res.webSocket);
});
