// Bindings and variables the Worker receives. Secrets come from `.dev.vars` locally and
// `wrangler secret put` in production; see `.dev.vars.example`.
import type { CallSession } from "./call/CallSession";
import type { UserFeed } from "./feed/UserFeed";

export interface Env {
  DB: D1Database;
  /** Call recordings (worker/db/recording-objects.ts); without it calls are not recorded. */
  RECORDINGS?: R2Bucket;
  /** Days a recording is kept before the scheduled job deletes it (default 90). */
  RECORDING_RETENTION_DAYS?: string;
  CALL_SESSION: DurableObjectNamespace<CallSession>;
  USER_FEED: DurableObjectNamespace<UserFeed>;
  /** Workers AI; absent when no account is configured (the offline provider answers). */
  AI?: Ai;
  PUBLIC_PHONE_NUMBER?: string;
  PUBLIC_HOST?: string;
  AI_PROVIDER?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_ISSUER?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** Comma-separated extra origins allowed to mutate (e.g. a tunnel in development). */
  ALLOWED_ORIGINS?: string;
  /** Benchmarks only: "1" logs each live fan-out's timing (worker/call/viewers.ts). Unset in production. */
  LIVE_FANOUT_TRACE?: string;
}
