// Configuration read from env. A missing or malformed setting gives one readable error naming it.
import { z } from "zod";
import type { AiProviderName } from "../protocol/call";
import type { Env } from "./env";
import { PipelineSettingError, readPipelineSettings } from "./pipeline/settings";

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Configuration error: ${setting} ${problem}. See .dev.vars.example and the README.`);
  }
}

const phoneSchema = z.string().trim().regex(/^\+?[0-9 ()-]{7,20}$/);

export interface AppConfig {
  phoneNumber: string;
  /** Public https origin (e.g. https://echo.example.com) or null: use the request's own origin. */
  publicHost: string | null;
  aiProvider: AiProviderName;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  twilioAuthToken: string | null;
}

export function readConfig(env: Env): AppConfig {
  const phone = env.PUBLIC_PHONE_NUMBER ?? "";
  if (!phoneSchema.safeParse(phone).success) {
    throw new ConfigError("PUBLIC_PHONE_NUMBER", `must be a phone number like +1 555 010 0199 (got "${phone}")`);
  }
  let publicHost: string | null = null;
  if (env.PUBLIC_HOST) {
    try {
      publicHost = new URL(env.PUBLIC_HOST.includes("://") ? env.PUBLIC_HOST : `https://${env.PUBLIC_HOST}`).origin;
    } catch {
      throw new ConfigError("PUBLIC_HOST", `must be a host name or https URL (got "${env.PUBLIC_HOST}")`);
    }
  }
  const choice = (env.AI_PROVIDER ?? "auto").trim();
  let aiProvider: AiProviderName;
  if (choice === "auto" || choice === "") aiProvider = env.AI ? "workers-ai" : "offline";
  else if (choice === "offline") aiProvider = "offline";
  else if (choice === "workers-ai") {
    if (!env.AI) throw new ConfigError("AI_PROVIDER", `is "workers-ai" but no [ai] binding named AI is configured`);
    aiProvider = "workers-ai";
  } else throw new ConfigError("AI_PROVIDER", `must be auto, offline or workers-ai (got "${choice}")`);

  let google: AppConfig["google"] = null;
  if (env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET) {
    if (!env.GOOGLE_CLIENT_ID) throw new ConfigError("GOOGLE_CLIENT_ID", "is missing while GOOGLE_CLIENT_SECRET is set");
    if (!env.GOOGLE_CLIENT_SECRET) throw new ConfigError("GOOGLE_CLIENT_SECRET", "is missing while GOOGLE_CLIENT_ID is set");
    const issuer = env.GOOGLE_ISSUER || "https://accounts.google.com";
    if (!URL.canParse(issuer)) throw new ConfigError("GOOGLE_ISSUER", `must be a URL (got "${issuer}")`);
    google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer };
  }
  try {
    readPipelineSettings(env); // deadlines and retries: checked here so a bad value names itself on every route
  } catch (err) {
    if (err instanceof PipelineSettingError) throw new ConfigError(err.setting, err.problem);
    throw err;
  }
  return { phoneNumber: phone.trim(), publicHost, aiProvider, google, twilioAuthToken: env.TWILIO_AUTH_TOKEN || null };
}
