// Configuration read from env. A missing or malformed setting gives one readable error naming it.
import { z } from "zod";
import type { AiProviderName } from "../../protocol/call-messages";
import { providerNameOf, readAiSettings, type AiSettings } from "./ai-settings";
import { ConfigError } from "./config-error";
import type { Env } from "./env";
import { readMailSettings, type MailSettings } from "./mail-settings";
import { PipelineSettingError, readPipelineSettings } from "./pipeline-settings";
import { type LimitSettings, readLimitSettings } from "./limit-settings";
import { readSafetyResources, type SafetyResources } from "./safety-resources";
import type { TwilioRestSettings } from "../twilio/rest-client";

export { ConfigError };

const phoneSchema = z.string().trim().regex(/^\+?[0-9 ()-]{7,20}$/);

export interface AppConfig {
  phoneNumber: string;
  /**
   * Public origin (e.g. https://echo.example.com) or null: use the request's own origin. https, or
   * http only for a loopback host (a local Twilio simulator): Twilio's signatures cover the scheme.
   */
  publicHost: string | null;
  /** The call's AI in one word ("mixed" when stages run on different engines). */
  aiProvider: AiProviderName;
  /** Which engine runs each AI stage, and the OpenAI-compatible endpoints. */
  ai: AiSettings;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  twilioAuthToken: string | null;
  /** Outbound calls through Twilio's REST API; null: not configured (callbacks answer "not-configured"). */
  twilioRest: TwilioRestSettings | null;
  /** Days a call recording is kept (RECORDING_RETENTION_DAYS, default 90). */
  recordingRetentionDays: number;
  /** Days a call that belongs to no account (public line) is kept (PUBLIC_CALL_RETENTION_DAYS, default 30). */
  publicCallRetentionDays: number;
  /** The safety message's numbers (SAFETY_RESOURCES; default: the US ones). */
  safetyResources: SafetyResources;
  /** The cost limits (sign-ups, Echoes, calls). */
  limits: LimitSettings;
  /** Who sends the app's mail (MAIL_PROVIDER …). */
  mail: MailSettings;
}

export const DEFAULT_RECORDING_RETENTION_DAYS = 90;
export const DEFAULT_PUBLIC_CALL_RETENTION_DAYS = 30;

/** A whole number of days, 1 or more; `fallback` when unset. */
function readDays(name: "RECORDING_RETENTION_DAYS" | "PUBLIC_CALL_RETENTION_DAYS", raw: string | undefined, fallback: number): number {
  const text = (raw ?? "").trim();
  const days = text === "" ? fallback : Number(text);
  if (!Number.isInteger(days) || days < 1) throw new ConfigError(name, `must be a whole number of days, 1 or more`);
  return days;
}

export const TWILIO_API_ORIGIN = "https://api.twilio.com";

/** The REST settings: all three or none; a partial set names what is missing. */
function readTwilioRest(env: Env): TwilioRestSettings | null {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim() ?? "";
  const apiKeySid = env.TWILIO_API_KEY_SID?.trim() ?? "";
  const apiKeySecret = env.TWILIO_API_KEY_SECRET?.trim() ?? "";
  if (!accountSid && !apiKeySid && !apiKeySecret) return null;
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid)) throw new ConfigError("TWILIO_ACCOUNT_SID", "must be your account's SID (AC followed by 32 hex digits) when TWILIO_API_KEY_SID or TWILIO_API_KEY_SECRET is set");
  if (!/^SK[0-9a-fA-F]{32}$/.test(apiKeySid)) throw new ConfigError("TWILIO_API_KEY_SID", "must be an API key's SID (SK followed by 32 hex digits) when TWILIO_ACCOUNT_SID is set");
  if (!apiKeySecret) throw new ConfigError("TWILIO_API_KEY_SECRET", "is missing while TWILIO_ACCOUNT_SID is set");
  const raw = env.TWILIO_API_BASE_URL?.trim() || TWILIO_API_ORIGIN;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("TWILIO_API_BASE_URL", "must be a URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
    throw new ConfigError("TWILIO_API_BASE_URL", "must be an https URL (plain http only for localhost: a local stand-in)");
  }
  return { accountSid, apiKeySid, apiKeySecret, baseUrl: url.origin };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

function readPublicHost(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.includes("://") ? raw : `https://${raw}`);
  } catch {
    throw new ConfigError("PUBLIC_HOST", `must be a host name or https URL`);
  }
  if (url.protocol === "https:") return url.origin;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return url.origin;
  if (url.protocol === "http:") {
    throw new ConfigError(
      "PUBLIC_HOST",
      `must be an https URL: Twilio signs the https URL it calls and streams media only over wss, so plain http is accepted only for localhost`,
    );
  }
  throw new ConfigError("PUBLIC_HOST", `must be a host name or https URL`);
}

export function readConfig(env: Env): AppConfig {
  const phone = env.PUBLIC_PHONE_NUMBER ?? "";
  if (!phoneSchema.safeParse(phone).success) {
    throw new ConfigError("PUBLIC_PHONE_NUMBER", `must be a phone number like +1 555 010 0199`);
  }
  const publicHost = readPublicHost(env.PUBLIC_HOST?.trim());
  const ai = readAiSettings(env);

  let google: AppConfig["google"] = null;
  if (env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET) {
    if (!env.GOOGLE_CLIENT_ID) throw new ConfigError("GOOGLE_CLIENT_ID", "is missing while GOOGLE_CLIENT_SECRET is set");
    if (!env.GOOGLE_CLIENT_SECRET) throw new ConfigError("GOOGLE_CLIENT_SECRET", "is missing while GOOGLE_CLIENT_ID is set");
    const issuer = env.GOOGLE_ISSUER || "https://accounts.google.com";
    if (!URL.canParse(issuer)) throw new ConfigError("GOOGLE_ISSUER", `must be a URL`);
    google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer };
  }
  try {
    readPipelineSettings(env); // deadlines and retries: checked here so a bad value names itself on every route
  } catch (err) {
    if (err instanceof PipelineSettingError) throw new ConfigError(err.setting, err.problem);
    throw err;
  }
  const recordingRetentionDays = readDays("RECORDING_RETENTION_DAYS", env.RECORDING_RETENTION_DAYS, DEFAULT_RECORDING_RETENTION_DAYS);
  const publicCallRetentionDays = readDays("PUBLIC_CALL_RETENTION_DAYS", env.PUBLIC_CALL_RETENTION_DAYS, DEFAULT_PUBLIC_CALL_RETENTION_DAYS);
  return {
    phoneNumber: phone.trim(),
    publicHost,
    aiProvider: providerNameOf(ai),
    ai,
    google,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || null,
    twilioRest: readTwilioRest(env),
    recordingRetentionDays,
    publicCallRetentionDays,
    safetyResources: readSafetyResources(env.SAFETY_RESOURCES),
    limits: readLimitSettings(env),
    mail: readMailSettings(env),
  };
}
