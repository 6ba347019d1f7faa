// Worker entry: the Hono app, the scheduled jobs (cron triggers in wrangler.toml) and the Durable
// Object classes wrangler binds.
import { env } from "cloudflare:workers";
import { app } from "./app";
import { ConfigError, readConfig } from "./config/config";
import type { Env } from "./config/env";
import { deleteExpiredRecordings } from "./recordings/retention";
import { deleteEndedSessionRows } from "./jobs/session-cleanup";
import { deleteStaleThrottleRows } from "./jobs/throttle-cleanup";
import { deleteExpiredPublicCalls } from "./jobs/public-call-retention";
import { logError } from "./lib/safe-error";

export { CallSession } from "./call/CallSession";
export { UserFeed } from "./feed/UserFeed";
export { CallbackAlarm } from "./callbacks/CallbackAlarm";

// The settings are checked once when the Worker loads, so a bad one is named in the console (the dev
// server's, or the Worker's logs) right away; every request that needs them answers with the same error.
try {
  readConfig(env as Env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
}

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(deleteExpiredRecordings(env));
    ctx.waitUntil(deleteStaleThrottleRows(env).catch((err: unknown) => logError("throttle clean-up failed (the next run retries)", err)));
    ctx.waitUntil(deleteExpiredPublicCalls(env).catch((err: unknown) => logError("public call retention failed (the next run retries)", err)));
    ctx.waitUntil(deleteEndedSessionRows(env).catch((err: unknown) => logError("session clean-up failed (the next run retries)", err)));
  },
} satisfies ExportedHandler<Env>;
