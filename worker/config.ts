// Configuration read from env. A missing or malformed setting gives one readable error naming it.
import { z } from "zod";
import type { AiProviderName } from "../protocol/call";
import { LOCAL_SPEECH_AVAILABLE } from "./ai/local/available";
import type { Env } from "./env";

export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
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
  if (choice === "auto" || choice === "") aiProvider = env.AI ? "workers-ai" : LOCAL_SPEECH_AVAILABLE ? "local" : "offline";
  else if (choice === "offline") aiProvider = "offline";
  else if (choice === "local") {
    if (!LOCAL_SPEECH_AVAILABLE) throw new ConfigError("AI_PROVIDER", `is "local" but this build has no local speech (production builds leave it out; build with ECHO_LOCAL_SPEECH=1 to self-host it)`);
    aiProvider = "local";
  } else if (choice === "workers-ai") {
    if (!env.AI) throw new ConfigError("AI_PROVIDER", `is "workers-ai" but no [ai] binding named AI is configured`);
    aiProvider = "workers-ai";
  } else throw new ConfigError("AI_PROVIDER", `must be auto, local, offline or workers-ai (got "${choice}")`);

  let google: AppConfig["google"] = null;
  if (env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET) {
    if (!env.GOOGLE_CLIENT_ID) throw new ConfigError("GOOGLE_CLIENT_ID", "is missing while GOOGLE_CLIENT_SECRET is set");
    if (!env.GOOGLE_CLIENT_SECRET) throw new ConfigError("GOOGLE_CLIENT_SECRET", "is missing while GOOGLE_CLIENT_ID is set");
    const issuer = env.GOOGLE_ISSUER || "https://accounts.google.com";
    if (!URL.canParse(issuer)) throw new ConfigError("GOOGLE_ISSUER", `must be a URL (got "${issuer}")`);
    google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer };
  }
  return { phoneNumber: phone.trim(), publicHost, aiProvider, google, twilioAuthToken: env.TWILIO_AUTH_TOKEN || null };
}
