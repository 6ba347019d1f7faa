// Trusted browsers: a browser that signed in to an account with its password gets a cookie of its own
// (a random token; D1 keeps its SHA-256). A sign-in from that browser to that account is throttled on
// the browser's own counter, not the account's: five wrong passwords from anyone else lock the account
// for everyone else (worker/auth/throttle.ts), but not for its owner at a browser they signed in from
// before. (OWASP's "device cookies" against lockout as a denial of service.) A trusted browser that
// guesses wrong past its own limit is trusted no more; each sign-in from it renews its trust. One
// browser holds one such cookie: signing in there to another account moves the trust to that one.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import type { Db } from "../db/client";
import { deleteTrustedBrowser, insertTrustedBrowser, renewTrustedBrowser, trustedBrowserEmail } from "../db/auth/trusted-browsers";
import { randomToken, tokenHash } from "./token";
import { logError } from "../lib/safe-error";

export const TRUSTED_BROWSER_COOKIE = "echo_browser";
export const TRUSTED_BROWSER_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** An account keeps its newest browsers; an older one signs in as any other browser would. */
export const TRUSTED_BROWSERS_PER_ACCOUNT = 10;

/** Sent only to the sign-in routes, never to a script, never from another site. */
const COOKIE = { httpOnly: true, secure: true, sameSite: "Strict", path: "/api/auth" } as const;

/** A browser the account trusts: its row's id (the token's hash) and the cookie's token. */
export interface TrustedBrowser {
  id: string;
  token: string;
}

/** This request's browser when its cookie is one the account of `email` (normalized) trusts, else null. */
export async function trustedBrowserOf(c: Context<AppEnv>, database: Db, email: string, now = Date.now()): Promise<TrustedBrowser | null> {
  const token = getCookie(c, TRUSTED_BROWSER_COOKIE);
  if (!token) return null;
  const id = tokenHash(token);
  const owner = await trustedBrowserEmail(database, id, now);
  return owner !== null && owner === email ? { id, token } : null;
}

/**
 * After a right password: the account `userId` trusts this browser for TRUSTED_BROWSER_TTL_MS from now
 * (a new cookie, or the same one renewed). Best effort: the sign-in stands if this fails (logged).
 */
export async function trustBrowser(c: Context<AppEnv>, database: Db, userId: string, trusted: TrustedBrowser | null, now = Date.now()): Promise<void> {
  const expiresAt = now + TRUSTED_BROWSER_TTL_MS;
  try {
    let token: string;
    if (trusted) {
      token = trusted.token;
      await renewTrustedBrowser(database, trusted.id, expiresAt);
    } else {
      token = randomToken();
      await insertTrustedBrowser(database, { id: tokenHash(token), userId, createdAt: now, expiresAt }, TRUSTED_BROWSERS_PER_ACCOUNT);
    }
    setCookie(c, TRUSTED_BROWSER_COOKIE, token, { ...COOKIE, expires: new Date(expiresAt) });
  } catch (err) {
    logError("trusted browser: not stored (this sign-in counts as any other browser's next time)", err);
  }
}

/**
 * The browser guessed wrong past its own limit: it is trusted no more, and counts as any other. Best
 * effort (logged): kept by a failure, it stays locked by its own counter until the window ends.
 */
export async function distrustBrowser(database: Db, trusted: TrustedBrowser): Promise<void> {
  await deleteTrustedBrowser(database, trusted.id).catch((err: unknown) => logError("trusted browser: not revoked", err));
}
