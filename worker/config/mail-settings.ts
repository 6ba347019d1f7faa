// Which mail provider sends the app's mail (MAIL_PROVIDER, MAIL_API_KEY, MAIL_FROM, MAIL_API_URL):
//   resend  — Resend's HTTP API (worker/mail/resend.ts); needs MAIL_API_KEY and MAIL_FROM;
//   outbox  — the development outbox (worker/mail/outbox.ts): development builds only;
//   none    — no mail: links can't be sent (the routes that send them say so);
//   unset   — outbox in a development build, none in a production build.
import { ConfigError } from "./config-error";
import { DEVELOPMENT_BUILD } from "./dev-build";
import type { Env } from "./env";

export interface ResendSettings {
  apiKey: string;
  /** "Echo <no-reply@example.com>": a sender on a domain verified with Resend. */
  from: string;
  /** https://api.resend.com, or a local stand-in in tests. */
  baseUrl: string;
}

export type MailSettings = { provider: "resend"; resend: ResendSettings } | { provider: "outbox" } | { provider: "none" };

export const RESEND_API_URL = "https://api.resend.com";
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function readMailSettings(env: Env, developmentBuild = DEVELOPMENT_BUILD): MailSettings {
  const provider = (env.MAIL_PROVIDER ?? "").trim().toLowerCase();
  if (provider === "") return developmentBuild ? { provider: "outbox" } : { provider: "none" };
  if (provider === "none") return { provider: "none" };
  if (provider === "outbox") {
    if (!developmentBuild) throw new ConfigError("MAIL_PROVIDER", "is outbox, the development outbox, which a production build never uses: set resend (or none)");
    return { provider: "outbox" };
  }
  if (provider !== "resend") throw new ConfigError("MAIL_PROVIDER", "must be resend, outbox (development only) or none");
  const apiKey = (env.MAIL_API_KEY ?? "").trim();
  if (!apiKey) throw new ConfigError("MAIL_API_KEY", "is missing while MAIL_PROVIDER is resend");
  const from = (env.MAIL_FROM ?? "").trim();
  if (!/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/.test(from)) {
    throw new ConfigError("MAIL_FROM", "must be a sender address like Echo <no-reply@example.com>");
  }
  const rawUrl = (env.MAIL_API_URL ?? "").trim() || RESEND_API_URL;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ConfigError("MAIL_API_URL", "must be a URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
    throw new ConfigError("MAIL_API_URL", "must be an https URL (plain http only for localhost)");
  }
  return { provider: "resend", resend: { apiKey, from, baseUrl: url.href.replace(/\/$/, "") } };
}
