// GET /api/dev/outbox: the development outbox's mail, newest first (?to= one address), for a developer
// to open the links `npm run dev` printed. 404 unless the outbox is the configured provider (which a
// production build refuses: config/mail-settings.ts) and the request is to a loopback host: through
// a tunnel to the dev server, nobody else reads its reset links.
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { db } from "../../db/client";
import { normalizeEmail } from "../../db/users";
import { ApiError } from "../../http/errors";
import { outboxMessages } from "../../mail/outbox";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const devOutboxRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.get("config").mail.provider !== "outbox" || !LOOPBACK.has(new URL(c.req.url).hostname)) throw new ApiError(404, "not-found", "Not found.");
  const to = c.req.query("to");
  return c.json({ messages: await outboxMessages(db(c.env.DB), to ? normalizeEmail(to) : undefined) });
});
