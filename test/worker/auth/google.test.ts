// Google sign-in round trip against a REAL local OpenID Connect provider (oauth2-mock-server, started
// by test/oidc-server/global-setup.ts). The test plays the browser: /start → the provider's authorize
// endpoint (which redirects back with a code) → /callback.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE, sessionIdFromToken } from "../../../worker/auth/session";
import { app } from "../../../worker/app";
import { CLOSE_SIGNED_OUT, SIGNED_OUT_REASON } from "../../../protocol/sockets";
import { SESSION_CREATED_HEADER } from "../../../worker/http/session-tag";
import { createUser, jsonHeaders } from "../support/users";
import { connect } from "../support/ws";
import { exports } from "cloudflare:workers";

const ORIGIN = "https://echo.test";
const CLIENT_ID = "echo-test-client";
const PENDING = "echo_google_pending";
const googleEnv = { ...env, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "echo-test-secret", GOOGLE_ISSUER: env.TEST_OIDC_ISSUER };

let seq = 0;
const uniqueEmail = (tag = "g") => `${tag}${++seq}-${crypto.randomUUID().slice(0, 8)}@gmail.example`;

async function echoFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(path.startsWith("http") ? path : `${ORIGIN}${path}`, init), googleEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function cookieValue(res: Response, name: string): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header?.slice(name.length + 1).split(";")[0];
}

interface Identity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  badKid?: boolean;
}

interface Tamper {
  /** Change the authorize request before the provider sees it. */
  authorize?: (url: URL) => void;
  /** Change the callback URL the provider sent the browser to. */
  callback?: (url: URL) => void;
  /** Change the pending cookie the browser sends back (null: send none). */
  pending?: (value: string) => string | null;
  sessionCookie?: string;
}

/** The whole popup journey. Returns the callback response, its session token (if any) and the HTML. */
async function googleSignIn(identity: Identity, tamper: Tamper = {}) {
  const start = await echoFetch("/api/auth/google/start");
  expect(start.status).toBe(302);
  const pending = cookieValue(start, PENDING);
  expect(pending).toBeTruthy();
  const authorize = new URL(start.headers.get("Location")!);
  expect(authorize.origin).toBe(new URL(env.TEST_OIDC_ISSUER).origin);
  authorize.searchParams.set("mock_identity", btoa(JSON.stringify(identity)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", ""));
  tamper.authorize?.(authorize);

  const provider = await fetch(authorize, { redirect: "manual" });
  expect(provider.status).toBe(302);
  const callback = new URL(provider.headers.get("Location")!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${ORIGIN}/api/auth/google/callback`);
  expect(callback.searchParams.get("code")).toBeTruthy();
  tamper.callback?.(callback);

  const sentPending = tamper.pending ? tamper.pending(pending!) : pending!;
  const cookies = [sentPending !== null ? `${PENDING}=${sentPending}` : "", tamper.sessionCookie ?? ""].filter(Boolean).join("; ");
  const res = await echoFetch(callback.toString(), { headers: cookies ? { Cookie: cookies } : {} });
  const html = await res.text();
  return { res, html, token: cookieValue(res, SESSION_COOKIE), pendingCleared: cookieValue(res, PENDING) === "" };
}

async function me(token: string) {
  const res = await echoFetch("/api/auth/me", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  return ((await res.json()) as { user: { id: string; email: string; displayName: string; photoURL: string | null; emailVerified: boolean } | null }).user;
}

async function usersWithEmail(email: string) {
  return (await env.DB.prepare("select id, google_sub, photo_url, display_name, password_hash from users where email = ?").bind(email).all<{
    id: string;
    google_sub: string | null;
    photo_url: string | null;
    display_name: string;
    password_hash: string | null;
  }>()).results;
}

function expectRefused(r: Awaited<ReturnType<typeof googleSignIn>>) {
  expect(r.res.status).toBe(400);
  expect(r.token).toBeUndefined();
  expect(r.html).toContain('"ok":false');
}

describe("Google sign-in (OIDC code flow + PKCE + state + nonce) against a local provider", () => {
  it("/start redirects to the provider's authorize endpoint with PKCE S256, state, nonce and our callback", async () => {
    const res = await echoFetch("/api/auth/google/start");
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("Location")!);
    expect(url.toString().startsWith(`${env.TEST_OIDC_ISSUER}`)).toBe(true);
    expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/google/callback`);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")?.length).toBeGreaterThan(20);
    expect(url.searchParams.get("nonce")?.length).toBeGreaterThan(20);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${PENDING}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/google/);
    // The verifier itself never leaves the server except in that HttpOnly cookie.
    expect(url.toString()).not.toContain("code_verifier");
  });

  it("first sign-in creates the profile with Google's name and photo and starts a session; the page tells the opener", async () => {
    const email = uniqueEmail("First.User");
    const sub = `sub-${crypto.randomUUID()}`;
    const r = await googleSignIn({ sub, email, email_verified: true, name: "First User", picture: "https://lh3.example/photo.png" });
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(r.html).toContain('{"type":"echo:google-auth","ok":true}');
    expect(r.html).toContain("window.opener.postMessage(msg, location.origin)");
    expect(r.res.headers.get("Content-Security-Policy")).toMatch(/script-src 'nonce-/);
    expect(r.pendingCleared).toBe(true);
    expect(r.token).toBeTruthy();
    const user = await me(r.token!);
    // Google's email_verified counts: the account can be invited to calls at once.
    expect(user).toMatchObject({ email: email.toLowerCase(), displayName: "First User", photoURL: "https://lh3.example/photo.png", totalCalls: 0, subscription: "free", emailVerified: true });
    const rows = await usersWithEmail(email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.google_sub).toBe(sub);
    expect(rows[0]!.password_hash).toBeNull();
    const session = await env.DB.prepare("select user_id from sessions where id = ?").bind(sessionIdFromToken(r.token!)).first<{ user_id: string }>();
    expect(session?.user_id).toBe(rows[0]!.id);
  });

  it("a second sign-in with the same Google account finds the same user (and rotates the session)", async () => {
    const email = uniqueEmail();
    const sub = `sub-${crypto.randomUUID()}`;
    const first = await googleSignIn({ sub, email, email_verified: true, name: "Again" });
    const second = await googleSignIn({ sub, email, email_verified: true, name: "Again" }, { sessionCookie: `${SESSION_COOKIE}=${first.token}` });
    expect(second.res.status).toBe(200);
    expect(second.token).not.toBe(first.token);
    expect((await me(second.token!))?.id).toBe((await usersWithEmail(email))[0]!.id);
    expect(await me(first.token!)).toBeNull();
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it("links an existing email + password account instead of duplicating it; the unverified password and its sessions end (no pre-account takeover)", async () => {
    const email = uniqueEmail("linked");
    const signUp = await exports.default.fetch(`${ORIGIN}/api/auth/sign-up`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "pass-word", displayName: "Linda" }),
    });
    expect(signUp.status).toBe(201);
    // Whoever registered the address first (perhaps not its owner) is still signed in.
    const earlier = cookieValue(signUp, SESSION_COOKIE)!;
    expect(await me(earlier)).not.toBeNull();
    const trusted = () => env.DB.prepare("select count(*) as n from trusted_browsers t join users u on u.id = t.user_id where u.email = ?").bind(email).first<{ n: number }>();
    expect((await trusted())?.n).toBe(1); // the browser it signed up from
    const sub = `sub-${crypto.randomUUID()}`;
    const r = await googleSignIn({ sub, email: email.toUpperCase(), email_verified: true, name: "Linda from Google", picture: "https://lh3.example/linda.png" });
    expect(r.res.status).toBe(200);
    const rows = await usersWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ google_sub: sub, display_name: "Linda", photo_url: "https://lh3.example/linda.png", password_hash: null });
    expect((await me(r.token!))?.id).toBe(rows[0]!.id);
    expect((await me(r.token!))?.emailVerified).toBe(true); // linked by a Google-verified address
    // The earlier session, its browser and the password no longer get in; the account signs in with Google.
    expect(await me(earlier)).toBeNull();
    expect((await trusted())?.n).toBe(0);
    const byPassword = await exports.default.fetch(`${ORIGIN}/api/auth/sign-in`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}` },
      body: JSON.stringify({ email, password: "pass-word" }),
    });
    expect(byPassword.status).toBe(401);
    expect(((await byPassword.json()) as { error: { code: string } }).error.code).toBe("use-google-sign-in");
  });

  it("linking takes back what whoever registered the address first set up: their linked number, a pending link code and their open dashboards", async () => {
    const email = uniqueEmail("squat");
    const squatter = await createUser({ email, phoneNumber: "+15550100961" });
    const pending = (await (await exports.default.fetch(`${ORIGIN}/api/phone/link-code`, { method: "POST", headers: jsonHeaders(squatter) })).json()) as { code: string };
    const dashboard = await connect("/ws/feed", { cookie: squatter.cookie });
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: true, name: "Owner" });
    expect(r.res.status).toBe(200);
    expect(await dashboard.closed).toEqual({ code: CLOSE_SIGNED_OUT, reason: SIGNED_OUT_REASON });
    // An upgrade the route let through on the squatter's session just before, reaching the feed after it:
    // refused (it began before the takeover); one on a session begun since is not.
    const feed = env.USER_FEED.get(env.USER_FEED.idFromName(squatter.user.id));
    const upgrade = (createdAt: number) => new Request("https://user-feed/connect", { headers: { Upgrade: "websocket", [SESSION_CREATED_HEADER]: String(createdAt) } });
    expect((await feed.fetch(upgrade(Date.now() - 60_000))).status).toBe(401);
    const fresh = await feed.fetch(upgrade(Date.now() + 1));
    expect(fresh.status).toBe(101);
    fresh.webSocket!.accept();
    fresh.webSocket!.close();
    const row = await env.DB.prepare("select phone_number, phone_echo_id from users where id = ?").bind(squatter.user.id).first();
    expect(row).toEqual({ phone_number: null, phone_echo_id: null });
    expect(await env.DB.prepare("select count(*) as n from phone_link_codes where code = ?").bind(pending.code).first("n")).toBe(0);
  });

  it("does not link an existing account to a Google identity whose email is unverified", async () => {
    const email = uniqueEmail("unverified");
    await env.DB.prepare("insert into users (id, email, display_name, created_at, password_hash) values (?, ?, 'U', 0, 'scrypt$1$1$1$AA==$AA==')")
      .bind(crypto.randomUUID(), email)
      .run();
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: false });
    expectRefused(r);
    expect(r.html).toContain("An account with this email already exists.");
    expect((await usersWithEmail(email))[0]!.google_sub).toBeNull();
  });

  it("never creates an account from a Google identity whose email is unverified", async () => {
    const email = uniqueEmail("new-unverified");
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: false, name: "Squatter" });
    expectRefused(r);
    expect(r.html).toContain("email address is not verified");
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("refuses a callback whose state does not match", async () => {
    const email = uniqueEmail("state");
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: true }, {
      callback: (u) => u.searchParams.set("state", "forged-state-value-1234567890"),
    });
    expectRefused(r);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("refuses a callback without the pending PKCE/state cookie", async () => {
    const email = uniqueEmail("nocookie");
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: true }, { pending: () => null });
    expectRefused(r);
    expect(r.html).toContain("Please try again.");
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("refuses when the PKCE code_verifier does not match the challenge (the provider rejects the code)", async () => {
    const email = uniqueEmail("pkce");
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: true }, {
      pending: (v) => {
        const p = JSON.parse(atob(v.replaceAll("-", "+").replaceAll("_", "/"))) as Record<string, string>;
        p.codeVerifier = "x".repeat(43);
        return btoa(JSON.stringify(p)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
      },
    });
    expectRefused(r);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("refuses an ID token whose nonce is not the one we sent", async () => {
    const email = uniqueEmail("nonce");
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: true }, {
      authorize: (u) => u.searchParams.set("nonce", "attacker-chosen-nonce"),
    });
    expectRefused(r);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("refuses an ID token not signed by a key in the provider's JWKS", async () => {
    const email = uniqueEmail("kid");
    const r = await googleSignIn({ sub: `sub-${crypto.randomUUID()}`, email, email_verified: true, badKid: true });
    expectRefused(r);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("reports a cancelled consent from the provider as such", async () => {
    const start = await echoFetch("/api/auth/google/start");
    const pending = cookieValue(start, PENDING)!;
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    const res = await echoFetch(`/api/auth/google/callback?error=access_denied&state=${state}`, { headers: { Cookie: `${PENDING}=${pending}` } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Google sign-in was cancelled.");
  });
});

describe("Google sign-in not configured", () => {
  it("says so: config reports it, and /start answers a page telling the opener", async () => {
    const config = (await (await exports.default.fetch(`${ORIGIN}/api/config`)).json()) as { googleEnabled: boolean };
    expect(config.googleEnabled).toBe(false);
    const res = await exports.default.fetch(`${ORIGIN}/api/auth/google/start`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('"code":"google-not-configured"');
    expect(html).toContain("Google sign-in is not configured");
  });
});
