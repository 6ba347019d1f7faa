// Loads the signed-in user from the session cookie into c.var.user; requireUser answers 401 otherwise.
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import type { UserRow } from "../db/users";
import { db } from "../db/client";
import { ApiError } from "../http/errors";
import { LEGACY_SESSION_COOKIE } from "../../protocol/api";
import { SESSION_COOKIE, validateSessionToken } from "./session";

const COOKIE_BASE = { httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: number): void {
  setCookie(c, SESSION_COOKIE, token, { ...COOKIE_BASE, expires: new Date(expiresAt) });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, COOKIE_BASE);
}

/** A session cookie under its old name (before `__Host-`): read once, then moved to the new name. */
function legacyToken(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, LEGACY_SESSION_COOKIE);
  if (token !== undefined) deleteCookie(c, LEGACY_SESSION_COOKIE, COOKIE_BASE);
  return token;
}

export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  c.set("sessionExpiresAt", null);
  c.set("sessionCreatedAt", null);
  const current = getCookie(c, SESSION_COOKIE);
  // Browsers signed in before the rename keep their session (no surprise sign-out): the old name is
  // read when the new one is missing, and the answer moves the token to the new name and deletes the
  // old one. The same token, not a new one: a page's requests sent at once all keep working.
  const old = legacyToken(c);
  const legacy = current ? undefined : old;
  const token = current ?? legacy;
  if (token) {
    const result = await validateSessionToken(db(c.env.DB), token);
    if (result) {
      c.set("user", result.user);
      c.set("sessionId", result.sessionId);
      c.set("sessionExpiresAt", result.expiresAt);
      c.set("sessionCreatedAt", result.createdAt);
      if (result.renewed || legacy) setSessionCookie(c, token, result.expiresAt);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
};

/** The signed-in user, or a 401 ApiError. */
export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get("user");
  if (!user) throw new ApiError(401, "unauthenticated", "Please sign in.");
  return user;
}
