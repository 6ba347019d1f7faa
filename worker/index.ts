// Worker entry: the Hono app, the scheduled jobs (cron triggers in wrangler.toml) and the Durable
// Object classes wrangler binds.
import { app } from "./app";
import type { Env } from "./env";
import { deleteExpiredRecordings } from "./jobs/recording-retention";

export { CallSession } from "./call/CallSession";
export { UserFeed } from "./feed/UserFeed";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(deleteExpiredRecordings(env));
  },
} satisfies ExportedHandler<Env>;
