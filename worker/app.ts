// The Hono app: API, WebSocket upgrades and Twilio webhooks. Everything else is the SPA (static assets).
import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { loadUser } from "./auth/middleware";
import { ConfigError, readConfig } from "./config";
import { ApiError, errorBody, handleError } from "./http/errors";
import { requireSameOrigin } from "./http/origin";
import { configRoutes } from "./routes/config";

export const app = new Hono<AppEnv>();

app.onError((err, c) => {
  if (err instanceof ConfigError) return c.json(errorBody("config", err.message), 500);
  return handleError(err, c);
});

// Fail fast and readably on bad configuration.
app.use("*", async (c, next) => {
  readConfig(c.env);
  await next();
});

app.use("/api/*", requireSameOrigin, loadUser);
app.use("/ws/*", requireSameOrigin, loadUser);

app.route("/api/config", configRoutes);

app.all("/api/*", () => {
  throw new ApiError(404, "not-found", "No such API endpoint.");
});
