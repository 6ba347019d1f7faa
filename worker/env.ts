// Bindings and variables the Worker receives. Secrets come from `.dev.vars` locally and
// `wrangler secret put` in production; see `.dev.vars.example`.
import type { CallSession } from "./call/CallSession";
import type { UserFeed } from "./feed/UserFeed";
import type { PipelineSettingVars } from "./pipeline/settings";

/** The pipeline's deadline and retry settings (AI_STT_DEADLINE_MS …) are optional vars: worker/pipeline/settings.ts. */
export interface Env extends PipelineSettingVars {
  DB: D1Database;
  CALL_SESSION: DurableObjectNamespace<CallSession>;
  USER_FEED: DurableObjectNamespace<UserFeed>;
  ASSETS?: Fetcher;
  /** Workers AI; absent when no account is configured (the offline provider answers). */
  AI?: Ai;
  PUBLIC_PHONE_NUMBER?: string;
  PUBLIC_HOST?: string;
  AI_PROVIDER?: string;
  /** Workers AI speech-to-text: flux (streaming, default), whisper or nova-3 (worker/config.ts). */
  AI_STT_MODEL?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_ISSUER?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** Comma-separated extra origins allowed to mutate (e.g. a tunnel in development). */
  ALLOWED_ORIGINS?: string;
  /** Benchmarks only: "1" logs each live fan-out's timing (worker/call/viewers.ts). Unset in production. */
  LIVE_FANOUT_TRACE?: string;
}
