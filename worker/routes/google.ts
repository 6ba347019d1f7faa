// /api/auth/google: the popup's two pages. /start redirects to the provider; /callback finishes the
// sign-in, sets the session cookie and answers a tiny page that tells the opener (postMessage to our
// own origin, plus a same-origin BroadcastChannel in case the provider's COOP severed window.opener)
// and closes itself.
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { GENERIC_ERROR_MESSAGE, type GoogleAuthMessage } from "../../protocol/api";
import type { AppEnv } from "../http/app-env";
import { beginSession } from "../auth/begin-session";
import { GoogleSignInError, type PendingAuthorization, completeAuthorization, startAuthorization } from "../auth/google";
import { resolveGoogleUser } from "../auth/google-account";
import { closeSessionSockets } from "../auth/sign-out-sockets";
import { db } from "../db/client";
import { logError } from "../lib/safe-error";

export const GOOGLE_PENDING_COOKIE = "echo_google_pending";
const PENDING_PATH = "/api/auth/google";
const PENDING_TTL_S = 10 * 60;
/** The BroadcastChannel name the SPA also listens on. */
export const AUTH_CHANNEL = "echo-auth";

function redirectUri(c: Context<AppEnv>): string {
  const origin = c.var.config.publicHost ?? new URL(c.req.url).origin;
  return `${origin}/api/auth/google/callback`;
}

function encodePending(p: PendingAuthorization): string {
  return btoa(JSON.stringify(p)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

function decodePending(raw: string | undefined): PendingAuthorization | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(atob(raw.replaceAll("-", "+").replaceAll("_", "/")));
    if (typeof v !== "object" || v === null) return null;
    const { state, nonce, codeVerifier } = v as Record<string, unknown>;
    if (typeof state !== "string" || typeof nonce !== "string" || typeof codeVerifier !== "string") return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The page the popup lands on: notify the opener, close. Works without an opener too (full-page fallback). */
function resultPage(c: Context<AppEnv>, message: GoogleAuthMessage, status: 200 | 400 | 503 = 200): Response {
  const scriptNonce = crypto.randomUUID().replaceAll("-", "");
  const json = JSON.stringify(message).replace(/</g, "\\u003c");
  const text = message.ok ? "You're signed in. You can close this window." : message.error.message;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${message.ok ? "Signed in" : "Sign-in failed"} · Echo</title>
<style>body{font:15px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px 28px;max-width:360px;text-align:center}
a{color:#4f46e5}</style></head>
<body><main><p role="${message.ok ? "status" : "alert"}">${escapeHtml(text)}</p><p><a href="${message.ok ? "/" : "/?auth=true"}">Continue to Echo</a></p></main>
<script nonce="${scriptNonce}">
(function () {
  var msg = ${json};
  var hasOpener = !!(window.opener && !window.opener.closed);
  try { new BroadcastChannel(${JSON.stringify(AUTH_CHANNEL)}).postMessage(msg); } catch (e) {}
  if (hasOpener) {
    try { window.opener.postMessage(msg, location.origin); } catch (e) {}
  }
  setTimeout(function () { window.close(); }, 50);
  // Not a popup (it was blocked and the flow ran in the tab itself): go back into the app.
  if (!hasOpener) setTimeout(function () { location.replace(${JSON.stringify(message.ok ? "/" : "/?auth=true")}); }, 600);
})();
</script></body></html>`;
  return c.html(html, status, {
    "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${scriptNonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'`,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
  });
}

function failure(c: Context<AppEnv>, err: unknown): Response {
  const error =
    err instanceof GoogleSignInError ? { code: err.code, message: err.message } : { code: "google-sign-in-failed", message: GENERIC_ERROR_MESSAGE };
  if (!(err instanceof GoogleSignInError)) logError("google sign-in error", err);
  return resultPage(c, { type: "echo:google-auth", ok: false, error }, err instanceof GoogleSignInError && err.code === "google-unavailable" ? 503 : 400);
}

const NOT_CONFIGURED = new GoogleSignInError(
  "google-not-configured",
  "Google sign-in is not configured on this server. Sign in with email and password instead.",
);

export const googleRoutes = new Hono<AppEnv>()
  .get("/start", async (c) => {
    const cfg = c.var.config.google;
    if (!cfg) return failure(c, NOT_CONFIGURED);
    try {
      const { url, pending } = await startAuthorization(cfg, redirectUri(c));
      setCookie(c, GOOGLE_PENDING_COOKIE, encodePending(pending), {
        httpOnly: true,
        secure: true,
        sameSite: "Lax",
        path: PENDING_PATH,
        maxAge: PENDING_TTL_S,
      });
      c.header("Cache-Control", "no-store");
      return c.redirect(url.toString(), 302);
    } catch (err) {
      return failure(c, err);
    }
  })
  .get("/callback", async (c) => {
    const cfg = c.var.config.google;
    if (!cfg) return failure(c, NOT_CONFIGURED);
    const pending = decodePending(getCookie(c, GOOGLE_PENDING_COOKIE));
    deleteCookie(c, GOOGLE_PENDING_COOKIE, { httpOnly: true, secure: true, sameSite: "Lax", path: PENDING_PATH });
    if (!pending) {
      return failure(c, new GoogleSignInError("google-session-expired", "Your Google sign-in took too long or was started elsewhere. Please try again."));
    }
    try {
      const identity = await completeAuthorization(cfg, redirectUri(c), new URL(c.req.url), pending);
      const database = db(c.env.DB);
      const { user, linkedNow } = await resolveGoogleUser(database, identity);
      if (linkedNow) await closeSessionSockets(c.env, database, user.id, "every");
      await beginSession(c, user);
      return resultPage(c, { type: "echo:google-auth", ok: true });
    } catch (err) {
      return failure(c, err);
    }
  });
