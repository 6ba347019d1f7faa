// Trusted browsers: a browser that signed in to an account with its password gets a cookie of its own
// (a random token; D1 keeps its SHA-256). A sign-in from that browser to that account is throttled on
// the browser's own counter, not the account's: five wrong passwords from anyone else lock the account
// for everyone else (worker/auth/throttle.ts), but not for its owner at a browser they signed in from
// before. (OWASP's "device cookies" against lockout as a denial of service.)
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app-env";
import type { Db } from "../db/client";
import { insertTrustedBrowser, trustedBrowserEmail } from "../db/trusted-browsers";
import { randomToken, tokenHash } from "./token";

export const TRUSTED_BROWSER_COOKIE = "echo_browser";
export const TRUSTED_BROWSER_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** An account keeps its newest browsers; an older one signs in as any other browser would. */
export const TRUSTED_BROWSERS_PER_ACCOUNT = 10;

/** Sent only to the sign-in routes, never to a script, never from another site. */
const COOKIE = { httpOnly: true, secure: true, sameSite: "Strict", path: "/api/auth" } as const;

/** This request's trusted-browser id when its cookie is one the account of `email` (normalized) trusts, else null. */
export async function trustedBrowserOf(c: Context<AppEnv>, database: Db, email: string, now = Date.now()): Promise<string | null> {
  const token = getCookie(c, TRUSTED_BROWSER_COOKIE);
  if (!token) return null;
  const id = tokenHash(token);
  const owner = await trustedBrowserEmail(database, id, now);
  return owner !== null && owner === email ? id : null;
}

/** The account `userId` trusts this browser from now on: a new cookie, and its hash in D1. */
export async function trustBrowser(c: Context<AppEnv>, database: Db, userId: string, now = Date.now()): Promise<void> {
  const token = randomToken();
  const expiresAt = now + TRUSTED_BROWSER_TTL_MS;
  await insertTrustedBrowser(database, { id: tokenHash(token), userId, createdAt: now, expiresAt }, TRUSTED_BROWSERS_PER_ACCOUNT);
  setCookie(c, TRUSTED_BROWSER_COOKIE, token, { ...COOKIE, expires: new Date(expiresAt) });
}
