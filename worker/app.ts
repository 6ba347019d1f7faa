// The Hono app: API, WebSocket upgrades and Twilio webhooks. Everything else is the SPA (static assets,
// through the ASSETS binding). Every answer leaves with the security headers.
import { Hono } from "hono";
import { timing } from "hono/timing";
import type { AppEnv } from "./http/app-env";
import { loadUser } from "./auth/middleware";
import { ConfigError, readConfig } from "./config/config";
import { configErrorResponse } from "./http/config-error-response";
import { handleError } from "./http/errors";
import { unknownRoute } from "./http/unknown-routes";
import { apiBodyLimit } from "./http/body-limit";
import { requireSameOrigin } from "./http/origin";
import { securityHeaders } from "./http/security-headers";
import { assetRoutes } from "./routes/assets";
import { authRoutes } from "./routes/auth";
import { callRoutes } from "./routes/calls";
import { recordingRoutes } from "./routes/recordings";
import { configRoutes } from "./routes/config";
import { echoRoutes } from "./routes/echoes";
import { memoryRoutes } from "./routes/memory";
import { feedRoutes } from "./routes/feed";
import { phoneRoutes } from "./routes/phone";
import { recordingSettingsRoutes } from "./routes/account/recording-settings";
import { twilioRoutes } from "./routes/twilio";
import { googleRoutes } from "./routes/google";
import { insightsRoutes } from "./routes/insights";
import { wsCallRoutes } from "./routes/ws-call";
import { liveCallRoutes } from "./routes/live-calls";
import { liveRoutes } from "./routes/live";
import { accountRoutes } from "./routes/account/data";
import { passwordRoutes } from "./routes/account/password";
import { passwordResetRoutes } from "./routes/account/password-reset";
import { sessionRoutes } from "./routes/account/sessions";
import { verifyEmailRoutes } from "./routes/account/verify-email";
import { devOutboxRoutes } from "./routes/account/dev-outbox";
import { callbackRoutes } from "./routes/callbacks";
import { timeZoneRoutes } from "./routes/account/time-zone";

export const app = new Hono<AppEnv>();

app.onError((err, c) => {
  if (err instanceof ConfigError) return configErrorResponse(err, c);
  return handleError(err, c);
});

// Outermost: the headers go on every answer, error pages and the SPA's files included.
app.use("*", securityHeaders);

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
app.route("/api/account", accountRoutes);
app.route("/api/account/password", passwordRoutes);
app.route("/api/account/password-reset", passwordResetRoutes);
app.route("/api/account/sessions", sessionRoutes);
app.route("/api/account/verify-email", verifyEmailRoutes);
app.route("/api/dev/outbox", devOutboxRoutes);
app.route("/api/echoes", echoRoutes);
app.route("/api/echoes", memoryRoutes);
app.route("/api/calls", callRoutes);
app.route("/api/calls", recordingRoutes);
app.route("/api/insights", insightsRoutes);
app.route("/api/phone", phoneRoutes);
app.route("/api/settings/recording", recordingSettingsRoutes);
app.route("/api/callbacks", callbackRoutes);
app.route("/api/profile/time-zone", timeZoneRoutes);
// Twilio webhooks and the media stream: no Origin or session, every request is Twilio-signed instead.
app.route("/twilio", twilioRoutes);
app.route("/ws/feed", feedRoutes);
app.route("/ws/call", wsCallRoutes);
app.route("/api/live-calls", liveCallRoutes);
app.route("/ws/live", liveRoutes);

// Under /api, /ws and /twilio: a JSON 404, or 405 for a wrong method, never the SPA's page.
const unknown = unknownRoute(app);
app.all("/api/*", unknown);
app.all("/ws/*", unknown);
app.all("/twilio/*", unknown);

// Everything else: the SPA's files (index.html for the app's own paths).
app.route("/", assetRoutes);
