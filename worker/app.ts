// The Hono app: API, WebSocket upgrades and Twilio webhooks. Everything else is the SPA (static assets).
import { Hono } from "hono";
import { timing } from "hono/timing";
import type { AppEnv } from "./http/app-env";
import { loadUser } from "./auth/middleware";
import { ConfigError, readConfig } from "./config/config";
import { configErrorResponse } from "./http/config-error-response";
import { ApiError, handleError } from "./http/errors";
import { apiBodyLimit } from "./http/body-limit";
import { requireSameOrigin } from "./http/origin";
import { authRoutes } from "./routes/auth";
import { callRoutes } from "./routes/calls";
import { recordingRoutes } from "./routes/recordings";
import { configRoutes } from "./routes/config";
import { echoRoutes } from "./routes/echoes";
import { feedRoutes } from "./routes/feed";
import { phoneRoutes } from "./routes/phone";
import { twilioRoutes } from "./routes/twilio";
import { googleRoutes } from "./routes/google";
import { insightsRoutes } from "./routes/insights";
import { wsCallRoutes } from "./routes/ws-call";
import { liveCallRoutes } from "./routes/live-calls";
import { liveRoutes } from "./routes/live";

export const app = new Hono<AppEnv>();

app.onError((err, c) => {
  if (err instanceof ConfigError) return configErrorResponse(err, c);
  return handleError(err, c);
});

// The configuration, read once per request into c.var.config: a bad setting fails fast and readably.
app.use("*", async (c, next) => {
  c.set("config", readConfig(c.env));
  await next();
});

// Server-Timing on API answers: time spent in the Worker, for devtools and `npm run bench`.
app.use("/api/*", timing({ totalDescription: "Worker" }));
app.use("/api/*", apiBodyLimit, requireSameOrigin, loadUser);
app.use("/ws/*", requireSameOrigin, loadUser);

app.route("/api/config", configRoutes);
app.route("/api/auth", authRoutes);
app.route("/api/auth/google", googleRoutes);
app.route("/api/echoes", echoRoutes);
app.route("/api/calls", callRoutes);
app.route("/api/calls", recordingRoutes);
app.route("/api/insights", insightsRoutes);
app.route("/api/phone", phoneRoutes);
// Twilio webhooks and the media stream: no Origin or session, every request is Twilio-signed instead.
app.route("/twilio", twilioRoutes);
app.route("/ws/feed", feedRoutes);
app.route("/ws/call", wsCallRoutes);
app.route("/api/live-calls", liveCallRoutes);
app.route("/ws/live", liveRoutes);

app.all("/api/*", () => {
  throw new ApiError(404, "not-found", "No such API endpoint.");
});
