// Bindings and variables the Worker receives. Secrets come from `.dev.vars` locally and
// `wrangler secret put` in production; see `.dev.vars.example`.
import type { CallSession } from "./call/CallSession";
import type { UserFeed } from "./feed/UserFeed";
import type { SettingName } from "./setting-names";

export interface Env {
  DB: D1Database;
  CALL_SESSION: DurableObjectNamespace<CallSession>;
  USER_FEED: DurableObjectNamespace<UserFeed>;
  ASSETS?: Fetcher;
  /** Workers AI; absent when no account is configured (the offline provider answers). */
  AI?: Ai;
  PUBLIC_PHONE_NUMBER?: string;
  PUBLIC_HOST?: string;
  /** Default engine for every AI stage: auto | workers-ai | openai | offline (worker/ai/settings.ts). */
  AI_PROVIDER?: string;
  /** Per-stage engine: speech-to-text, replies, speech, emotion scores, end of turn. */
  AI_STT?: string;
  AI_REPLY?: string;
  AI_SPEECH?: string;
  AI_EMOTIONS?: string;
  AI_TURN?: string;
  /** OpenAI-compatible servers: defaults for every stage, then per stage. API keys are secrets. */
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_STT_BASE_URL?: string;
  OPENAI_STT_API_KEY?: string;
  OPENAI_STT_MODEL?: string;
  OPENAI_REPLY_BASE_URL?: string;
  OPENAI_REPLY_API_KEY?: string;
  OPENAI_REPLY_MODEL?: string;
  OPENAI_SPEECH_BASE_URL?: string;
  OPENAI_SPEECH_API_KEY?: string;
  OPENAI_SPEECH_MODEL?: string;
  /** One voice, or style=voice pairs ("warm=coral,gentle=sage"). */
  OPENAI_SPEECH_VOICE?: string;
  /** wav (default) or pcm. */
  OPENAI_SPEECH_FORMAT?: string;
  /** Sample rate of pcm speech (default 24000, OpenAI's). */
  OPENAI_SPEECH_PCM_RATE?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_ISSUER?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** Comma-separated extra origins allowed to mutate (e.g. a tunnel in development). */
  ALLOWED_ORIGINS?: string;
  /** Benchmarks only: "1" logs each live fan-out's timing (worker/call/viewers.ts). Unset in production. */
  LIVE_FANOUT_TRACE?: string;
}

/** Env's text settings; must be exactly SETTING_NAMES (a compile error here means one list is missing a name). */
type TextSettings = { [K in keyof Env]-?: Env[K] extends string | undefined ? K : never }[keyof Env];
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SETTING_NAMES_MATCH_ENV: SameKeys<TextSettings, SettingName> = true;
