// The name of every text setting the Worker reads from env (wrangler.toml [vars], .dev.vars, secrets).
// worker/config/env.ts checks at compile time that this list and the Env interface agree. Test harnesses use
// it to give every setting an explicit value, so a developer's .dev.vars never changes a test. The
// pipeline's deadline and retry settings come from their own table, so that list cannot drift.
import { LIMIT_SETTING_NAMES } from "./limit-settings";
import { PIPELINE_SETTING_NAMES } from "./pipeline-settings";

export const SETTING_NAMES = [
  "PUBLIC_PHONE_NUMBER",
  "PUBLIC_HOST",
  "AI_PROVIDER",
  "AI_STT",
  "AI_REPLY",
  "AI_SPEECH",
  "AI_EMOTIONS",
  "AI_TURN",
  "AI_STT_MODEL",
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_STT_BASE_URL",
  "OPENAI_STT_API_KEY",
  "OPENAI_STT_MODEL",
  "OPENAI_REPLY_BASE_URL",
  "OPENAI_REPLY_API_KEY",
  "OPENAI_REPLY_MODEL",
  "OPENAI_SPEECH_BASE_URL",
  "OPENAI_SPEECH_API_KEY",
  "OPENAI_SPEECH_MODEL",
  "OPENAI_SPEECH_VOICE",
  "OPENAI_SPEECH_FORMAT",
  "OPENAI_SPEECH_PCM_RATE",
  "OPENAI_SPEECH_INSTRUCTIONS",
  ...Object.values(PIPELINE_SETTING_NAMES),
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_ISSUER",
  "TWILIO_AUTH_TOKEN",
  "MAIL_PROVIDER",
  "MAIL_API_KEY",
  "MAIL_FROM",
  "MAIL_API_URL",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_API_KEY_SID",
  "TWILIO_API_KEY_SECRET",
  "TWILIO_API_BASE_URL",
  "ALLOWED_ORIGINS",
  "RECORDING_RETENTION_DAYS",
  "PUBLIC_CALL_RETENTION_DAYS",
  "SAFETY_RESOURCES",
  "LIVE_FANOUT_TRACE",
  ...LIMIT_SETTING_NAMES,
] as const;

export type SettingName = (typeof SETTING_NAMES)[number];
