// Worker entry: the Hono app plus the Durable Object classes wrangler binds.
import { app } from "./app";
import type { Env } from "./env";

export { CallSession } from "./call/CallSession";
export { UserFeed } from "./feed/UserFeed";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
