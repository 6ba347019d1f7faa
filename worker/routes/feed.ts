// GET /ws/feed: the signed-in user's change feed. Origin is checked by requireSameOrigin (app.ts),
// the session here; the upgrade is handed to that user's UserFeed Durable Object.
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireUser } from "../auth/middleware";
import { ApiError } from "../http/errors";

export const feedRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade-required", "Connect with a WebSocket.");
  }
  const user = requireUser(c);
  const stub = c.env.USER_FEED.get(c.env.USER_FEED.idFromName(user.id));
  const res = await stub.fetch(new Request("https://user-feed/connect", { headers: { Upgrade: "websocket" } }));
  if (res.status !== 101 || !res.webSocket) return res;
  // A fresh response: the DO's headers are immutable, and a renewed session cookie must still go out.
  const headers = new Headers();
  const setCookie = c.res.headers.get("set-cookie");
  if (setCookie) headers.set("set-cookie", setCookie);
  return new Response(null, { status: 101, webSocket: res.webSocket, headers });
});
