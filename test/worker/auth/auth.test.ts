// Email + password accounts and sessions, through the real Worker and D1.
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES } from "../../../protocol/api";
import { SCRYPT_PARAMS, hashPassword, verifyPassword } from "../../../worker/auth/password";
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, SESSION_RENEW_MS, SESSION_TTL_MS, createSession, sessionIdFromToken } from "../../../worker/auth/session";
import { db } from "../../../worker/db/client";
import worker from "../../../worker/index";

const ORIGIN = "https://echo.test";
let seq = 0;
const uniqueEmail = (tag = "u") => `${tag}${++seq}-${crypto.randomUUID().slice(0, 8)}@example.com`;

interface CallOpts {
  cookie?: string;
  origin?: string | null;
  ip?: string;
  rawBody?: string;
}

async function call(method: string, path: string, body?: unknown, opts: CallOpts = {}): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": opts.ip ?? "203.0.113.1" };
  if (opts.origin !== null) headers.Origin = opts.origin ?? ORIGIN;
  if (opts.cookie) headers.Cookie = opts.cookie;
  let payload: string | undefined = opts.rawBody;
  if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers["Content-Type"] = "application/json";
  return exports.default.fetch(`${ORIGIN}${path}`, { method, headers, body: payload });
}

function sessionSetCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

function tokenFrom(res: Response): string {
  const header = sessionSetCookie(res);
  if (!header) throw new Error("no session cookie set");
  return header.slice(SESSION_COOKIE.length + 1).split(";")[0]!;
}

const cookieFor = (token: string) => `${SESSION_COOKIE}=${token}`;

async function me(cookie?: string) {
  const res = await call("GET", "/api/auth/me", undefined, { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string; email: string } | null }).user;
}

async function signUp(email: string, password = "hunter22", displayName?: string) {
  const res = await call("POST", "/api/auth/sign-up", { email, password, displayName });
  expect(res.status).toBe(201);
  return { res, token: tokenFrom(res), body: (await res.json()) as { user: Record<string, unknown> } };
}

async function expectError(res: Response, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
  return body;
}

describe("sign-up", () => {
  it("refuses a body over 32 KB with 413 and creates nothing (every /api body is bounded)", async () => {
    const email = uniqueEmail("Padded");
    await expectError(await call("POST", "/api/auth/sign-up", { email, password: "hunter22", padding: "x".repeat(40_000) }), 413, "too-large");
    expect(await env.DB.prepare("select 1 from users where email = ?").bind(email.toLowerCase()).first()).toBeNull();
    await expectError(await call("POST", "/api/auth/sign-in", { email, password: "hunter22", padding: "x".repeat(40_000) }), 413, "too-large");
    await expectError(await call("POST", "/api/live-calls/some-call/participants", { email, padding: "x".repeat(40_000) }), 413, "too-large");
  });

  it("creates a free user with totalCalls 0, a lower-cased email, and signs them in", async () => {
    const email = uniqueEmail("New");
    const { body, token } = await signUp(email.toUpperCase(), "hunter22", "Ada Lovelace");
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      displayName: "Ada Lovelace",
      photoURL: null,
      totalCalls: 0,
      subscription: "free",
    });
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(typeof body.user.createdAt).toBe("number");
    expect((await me(cookieFor(token)))?.email).toBe(email.toLowerCase());
    const row = await env.DB.prepare("select password_hash from users where email = ?").bind(email.toLowerCase()).first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain("hunter22");
  });

  it("defaults displayName to the part of the email before the @", async () => {
    const email = uniqueEmail("grace.hopper");
    const { body } = await signUp(email);
    expect(body.user.displayName).toBe(email.split("@")[0]);
    const blank = await signUp(uniqueEmail("blank"), "hunter22", "   ");
    expect(blank.body.user.displayName).toBe(String(blank.body.user.email).split("@")[0]);
  });

  it("refuses an invalid email with invalid-email", async () => {
    for (const email of ["", "not-an-email", "a@b", "two@@example.com"]) {
      const res = await call("POST", "/api/auth/sign-up", { email, password: "hunter22" });
      await expectError(res, 400, "invalid-email", AUTH_ERROR_MESSAGES["invalid-email"]);
    }
  });

  it("refuses a password shorter than 6 characters with weak-password and creates nothing", async () => {
    const email = uniqueEmail("weak");
    const res = await call("POST", "/api/auth/sign-up", { email, password: "12345" });
    await expectError(res, 400, "weak-password", "Password should be at least 6 characters.");
    expect(sessionSetCookie(res)).toBeUndefined();
    const row = await env.DB.prepare("select id from users where email = ?").bind(email).first();
    expect(row).toBeNull();
  });

  it("refuses a second account for the same email, whatever its case, with email-already-in-use", async () => {
    const email = uniqueEmail("dup");
    await signUp(email);
    const res = await call("POST", "/api/auth/sign-up", { email: `  ${email.toUpperCase()} `, password: "another1" });
    await expectError(res, 409, "email-already-in-use", "An account with this email already exists.");
    const count = await env.DB.prepare("select count(*) as n from users where email = ?").bind(email).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });
});

describe("sign-in", () => {
  it("signs in with the right password (email case-insensitive)", async () => {
    const email = uniqueEmail("in");
    await signUp(email, "correct-horse");
    const res = await call("POST", "/api/auth/sign-in", { email: email.toUpperCase(), password: "correct-horse" }, { ip: "198.51.100.10" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email);
    expect((await me(cookieFor(tokenFrom(res))))?.email).toBe(email);
  });

  it("answers user-not-found for an unknown email", async () => {
    const res = await call("POST", "/api/auth/sign-in", { email: uniqueEmail("ghost"), password: "whatever1" }, { ip: "198.51.100.11" });
    await expectError(res, 404, "user-not-found", "No account found with this email address.");
  });

  it("answers wrong-password for a wrong password and sets no cookie", async () => {
    const email = uniqueEmail("wp");
    await signUp(email, "correct-horse");
    const res = await call("POST", "/api/auth/sign-in", { email, password: "Correct-horse" }, { ip: "198.51.100.12" });
    await expectError(res, 401, "wrong-password", "Incorrect password.");
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it("answers invalid-email before looking anything up, and asks for a missing password", async () => {
    await expectError(await call("POST", "/api/auth/sign-in", { email: "nope", password: "x" }), 400, "invalid-email", "Please enter a valid email address.");
    await expectError(await call("POST", "/api/auth/sign-in", { email: uniqueEmail(), password: "" }), 400, "missing-password", "Please enter your password.");
  });

  it("re-hashes a password stored with older scrypt parameters at the next sign-in", async () => {
    const email = uniqueEmail("rehash");
    const old = await hashPassword("legacy-pass", { N: 2 ** 10, r: 8, p: 1 });
    await env.DB.prepare("insert into users (id, email, display_name, created_at, password_hash) values (?, ?, 'R', 0, ?)")
      .bind(crypto.randomUUID(), email, old)
      .run();
    const res = await call("POST", "/api/auth/sign-in", { email, password: "legacy-pass" }, { ip: "198.51.100.14" });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("select password_hash from users where email = ?").bind(email).first<{ password_hash: string }>();
    expect(row!.password_hash).not.toBe(old);
    expect(row!.password_hash.startsWith(`scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$`)).toBe(true);
    expect(await verifyPassword("legacy-pass", row!.password_hash)).toBe(true);
  });

  it("tells a Google-only account to use Google", async () => {
    const email = uniqueEmail("goog");
    await env.DB.prepare("insert into users (id, email, display_name, created_at, google_sub) values (?, ?, 'G', 0, ?)")
      .bind(crypto.randomUUID(), email, `sub-${email}`)
      .run();
    const res = await call("POST", "/api/auth/sign-in", { email, password: "anything" }, { ip: "198.51.100.13" });
    await expectError(res, 401, "use-google-sign-in");
  });
});

describe("session cookie and storage", () => {
  it("is HttpOnly, Secure, SameSite=Lax, Path=/ with an expiry, and only its SHA-256 is stored", async () => {
    const { res, token } = await signUp(uniqueEmail("cookie"));
    const header = sessionSetCookie(res)!;
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*Secure/i);
    expect(header).toMatch(/;\s*SameSite=Lax/i);
    expect(header).toMatch(/;\s*Path=\//);
    const expires = /;\s*Expires=([^;]+)/i.exec(header)?.[1];
    expect(expires).toBeDefined();
    const ttl = new Date(expires!).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(token.length).toBeGreaterThanOrEqual(24); // ≥ 120 bits in base32

    const byHash = await env.DB.prepare("select id from sessions where id = ?").bind(sessionIdFromToken(token)).first<{ id: string }>();
    expect(byHash?.id).toMatch(/^[0-9a-f]{64}$/);
    const byToken = await env.DB.prepare("select count(*) as n from sessions where id = ?").bind(token).first<{ n: number }>();
    expect(byToken?.n).toBe(0);
  });

  it("rotates at sign-in: the session the request came with is deleted and a new token is issued", async () => {
    const email = uniqueEmail("rot");
    const first = await signUp(email, "rotate-me");
    const res = await call("POST", "/api/auth/sign-in", { email, password: "rotate-me" }, { cookie: cookieFor(first.token), ip: "198.51.100.20" });
    expect(res.status).toBe(200);
    const second = tokenFrom(res);
    expect(second).not.toBe(first.token);
    expect(await me(cookieFor(first.token))).toBeNull();
    expect((await me(cookieFor(second)))?.email).toBe(email);
    const old = await env.DB.prepare("select count(*) as n from sessions where id = ?").bind(sessionIdFromToken(first.token)).first<{ n: number }>();
    expect(old?.n).toBe(0);
  });

  it("sign-out deletes the session and clears the cookie; the old cookie then means signed out", async () => {
    const { token } = await signUp(uniqueEmail("out"));
    const res = await call("POST", "/api/auth/sign-out", undefined, { cookie: cookieFor(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
    const cleared = sessionSetCookie(res);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const row = await env.DB.prepare("select count(*) as n from sessions where id = ?").bind(sessionIdFromToken(token)).first<{ n: number }>();
    expect(row?.n).toBe(0);
    expect(await me(cookieFor(token))).toBeNull();
  });

  it("slides: a session past its renewal point is extended and the cookie re-sent", async () => {
    const { body } = await signUp(uniqueEmail("slide"));
    const userId = String(body.user.id);
    const issuedAt = Date.now() - (SESSION_TTL_MS - SESSION_RENEW_MS) - 60_000;
    const { token, session } = await createSession(db(env.DB), userId, issuedAt);
    const res = await call("GET", "/api/auth/me", undefined, { cookie: cookieFor(token) });
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(userId);
    expect(tokenFrom(res)).toBe(token);
    const row = await env.DB.prepare("select expires_at from sessions where id = ?").bind(session.id).first<{ expires_at: number }>();
    expect(row!.expires_at).toBeGreaterThan(session.expiresAt + 60_000);
    expect(row!.expires_at).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);

    // A fresh session is not re-sent on every request.
    const fresh = await call("GET", "/api/auth/me", undefined, { cookie: cookieFor(token) });
    expect(sessionSetCookie(fresh)).toBeUndefined();
  });

  it("ends 90 days after its sign-in however often it is used: sliding stops there", async () => {
    const { body } = await signUp(uniqueEmail("max-age"));
    const userId = String(body.user.id);
    const day = 86_400_000;
    const setExpiry = (id: string, at: number) => env.DB.prepare("update sessions set expires_at = ? where id = ?").bind(at, id).run();
    // Used all along: 85 days old, 2 days left. It slides to its end of life, not 30 days on.
    const old = await createSession(db(env.DB), userId, Date.now() - 85 * day);
    await setExpiry(old.session.id, Date.now() + 2 * day);
    const res = await call("GET", "/api/auth/me", undefined, { cookie: cookieFor(old.token) });
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(userId);
    const row = await env.DB.prepare("select expires_at from sessions where id = ?").bind(old.session.id).first<{ expires_at: number }>();
    expect(row!.expires_at).toBe(old.session.createdAt + SESSION_MAX_AGE_MS);
    // Past its end of life, even with time left by the sliding expiry: signed out, deleted.
    const older = await createSession(db(env.DB), userId, Date.now() - SESSION_MAX_AGE_MS - 1000);
    await setExpiry(older.session.id, Date.now() + 10 * day);
    const gone = await call("GET", "/api/auth/me", undefined, { cookie: cookieFor(older.token) });
    expect(await gone.json()).toEqual({ user: null });
    expect(sessionSetCookie(gone)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const left = await env.DB.prepare("select count(*) as n from sessions where id = ?").bind(older.session.id).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("the daily job deletes sessions that ended without being presented again, and keeps live ones", async () => {
    const { body } = await signUp(uniqueEmail("sweep"));
    const userId = String(body.user.id);
    const expired = await createSession(db(env.DB), userId, Date.now() - SESSION_TTL_MS - 1000);
    const pastEndOfLife = await createSession(db(env.DB), userId, Date.now() - SESSION_MAX_AGE_MS - 1000);
    await env.DB.prepare("update sessions set expires_at = ? where id = ?").bind(Date.now() + 86_400_000, pastEndOfLife.session.id).run();
    const live = await createSession(db(env.DB), userId);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "30 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const ids = [expired, pastEndOfLife, live].map((s) => s.session.id);
    const left = await env.DB.prepare("select id from sessions where id in (?, ?, ?)").bind(...ids).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([live.session.id]);
  });

  it("treats an expired session as signed out, deletes it and clears the cookie", async () => {
    const { body } = await signUp(uniqueEmail("exp"));
    const { token, session } = await createSession(db(env.DB), String(body.user.id), Date.now() - SESSION_TTL_MS - 1000);
    const res = await call("GET", "/api/auth/me", undefined, { cookie: cookieFor(token) });
    expect(await res.json()).toEqual({ user: null });
    expect(sessionSetCookie(res)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const row = await env.DB.prepare("select count(*) as n from sessions where id = ?").bind(session.id).first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("signed out, /api/auth/me answers { user: null } and nothing is set", async () => {
    const res = await call("GET", "/api/auth/me");
    expect(await res.json()).toEqual({ user: null });
    expect(sessionSetCookie(res)).toBeUndefined();
    expect(await me(cookieFor("not-a-real-token"))).toBeNull();
  });
});

describe("request hygiene", () => {
  it("refuses auth mutations with a foreign or missing Origin (403) and changes nothing", async () => {
    const email = uniqueEmail("csrf");
    for (const origin of ["https://evil.example", null]) {
      const up = await call("POST", "/api/auth/sign-up", { email, password: "hunter22" }, { origin });
      await expectError(up, 403, "forbidden-origin");
      const inRes = await call("POST", "/api/auth/sign-in", { email, password: "hunter22" }, { origin });
      await expectError(inRes, 403, "forbidden-origin");
    }
    expect(await env.DB.prepare("select id from users where email = ?").bind(email).first()).toBeNull();

    const { token } = await signUp(uniqueEmail("csrf-out"));
    await expectError(await call("POST", "/api/auth/sign-out", undefined, { cookie: cookieFor(token), origin: "https://evil.example" }), 403, "forbidden-origin");
    expect(await me(cookieFor(token))).not.toBeNull();
  });

  it("answers malformed JSON and wrong shapes with 400", async () => {
    await expectError(await call("POST", "/api/auth/sign-up", undefined, { rawBody: "{not json" }), 400, "invalid-json");
    await expectError(await call("POST", "/api/auth/sign-in", undefined, { rawBody: "" }), 400, "invalid-json");
    await expectError(await call("POST", "/api/auth/sign-in", { email: uniqueEmail() }), 400, "invalid-request");
    await expectError(await call("POST", "/api/auth/sign-up", { displayName: 7, email: uniqueEmail(), password: "hunter22" }), 400, "invalid-request");
    // The email field's own errors are the spec's, whatever is wrong with it.
    for (const email of [42, undefined, `${"a".repeat(250)}@example.com`]) {
      for (const path of ["/api/auth/sign-up", "/api/auth/sign-in"]) {
        const res = await call("POST", path, { email, password: "hunter22" });
        await expectError(res, 400, "invalid-email", "Please enter a valid email address.");
      }
    }
  });
});
