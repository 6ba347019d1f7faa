// Trusted browsers (worker/auth/trusted-browser.ts): wrong passwords from anyone lock an account's
// password sign-in, but not at a browser its owner signed in from before.
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT } from "../../../worker/auth/throttle";
import { TRUSTED_BROWSERS_PER_ACCOUNT, TRUSTED_BROWSER_COOKIE, TRUSTED_BROWSER_TTL_MS } from "../../../worker/auth/trusted-browser";
import { randomToken, tokenHash } from "../../../worker/auth/token";
import { db } from "../../../worker/db/client";
import { insertTrustedBrowser } from "../../../worker/db/auth/trusted-browsers";
import worker from "../../../worker/index";

const ORIGIN = "https://echo.test";
let seq = 0;
const uniqueEmail = () => `tb${++seq}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const uniqueIp = () => `198.51.100.${(++seq % 250) + 1}-${crypto.randomUUID().slice(0, 4)}`;

function post(path: string, body: unknown, cookie?: string, ip = uniqueIp()) {
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function code(res: Response): Promise<string> {
  return ((await res.json()) as { error?: { code: string } }).error?.code ?? `ok-${res.status}`;
}

/** The trusted-browser cookie a response set, as a Cookie header, with its attributes. */
function browserCookie(res: Response): { cookie: string; attributes: string } {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${TRUSTED_BROWSER_COOKIE}=`));
  if (!line) throw new Error("no trusted-browser cookie was set");
  const [pair, ...attributes] = line.split(";").map((p) => p.trim());
  return { cookie: pair!, attributes: attributes.join("; ") };
}

async function signUp(email: string): Promise<string> {
  const res = await post("/api/auth/sign-up", { email, password: "right-pass" });
  expect(res.status).toBe(201);
  return browserCookie(res).cookie;
}

/** Someone without the owner's browser guesses wrong until the account is locked. */
async function lockAccount(email: string): Promise<void> {
  for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect(await code(await post("/api/auth/sign-in", { email, password: `guess-${i}` }))).toBe("wrong-password");
  expect((await post("/api/auth/sign-in", { email, password: "right-pass" })).status).toBe(429);
}

// Each case checks 5–15 passwords with scrypt (deliberately slow), beside the whole suite.
describe("trusted browsers", { timeout: 30_000 }, () => {
  it("someone else's wrong passwords lock the account everywhere but at a browser its owner signed in from", async () => {
    const email = uniqueEmail();
    const signedUp = await post("/api/auth/sign-up", { email, password: "right-pass" });
    expect(signedUp.status).toBe(201);
    const { cookie, attributes } = browserCookie(signedUp);
    // Sent only to the sign-in routes, never to a script, never from another site.
    expect(attributes).toMatch(/HttpOnly/);
    expect(attributes).toMatch(/Secure/);
    expect(attributes).toMatch(/SameSite=Strict/);
    expect(attributes).toMatch(/Path=\/api\/auth(;|$)/);

    await lockAccount(email);
    const expiry = () => env.DB.prepare("select expires_at as t from trusted_browsers where id = ?").bind(tokenHash(cookie.split("=")[1]!)).first<{ t: number }>();
    const before = (await expiry())!.t;
    const owner = await post("/api/auth/sign-in", { email, password: "right-pass" }, cookie);
    expect(owner.status).toBe(200);
    // A sign-in from a trusted browser renews its trust: the same cookie, for longer.
    expect(browserCookie(owner).cookie).toBe(cookie);
    expect((await expiry())!.t).toBeGreaterThan(before);
    // Still locked for everyone else.
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" })).status).toBe(429);
  });

  it("a browser signing in with the password becomes trusted; one another account trusts is no key to this one", async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    await signUp(email);
    const otherCookie = await signUp(other);
    const signedIn = await post("/api/auth/sign-in", { email, password: "right-pass" });
    expect(signedIn.status).toBe(200);
    const { cookie } = browserCookie(signedIn);

    await lockAccount(email);
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, otherCookie)).status).toBe(429);
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, cookie)).status).toBe(200);
  });

  it("a trusted browser's own wrong guesses lock that browser and end its trust, not the account", async () => {
    const email = uniqueEmail();
    const cookie = await signUp(email);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect(await code(await post("/api/auth/sign-in", { email, password: `typo-${i}` }, cookie))).toBe("wrong-password");
    }
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, cookie)).status).toBe(429);
    // …and is trusted no more (a stolen cookie buys five guesses, once).
    const row = await env.DB.prepare("select count(*) as n from trusted_browsers where id = ?").bind(tokenHash(cookie.split("=")[1]!)).first<{ n: number }>();
    expect(row?.n).toBe(0);
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" })).status).toBe(200);
  });

  it("a trusted browser signs in from a client locked for guessing at other accounts", async () => {
    const email = uniqueEmail();
    const cookie = await signUp(email);
    const ip = uniqueIp();
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) await post("/api/auth/sign-in", { email: uniqueEmail(), password: "guess" }, undefined, ip);
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, undefined, ip)).status).toBe(429);
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, cookie, ip)).status).toBe(200);
  });

  it("an expired trust counts for nothing, and the scheduled job deletes it", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const user = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
    const token = randomToken();
    const now = Date.now();
    const createdAt = now - TRUSTED_BROWSER_TTL_MS - 60_000;
    await insertTrustedBrowser(db(env.DB), { id: tokenHash(token), userId: user!.id, createdAt, expiresAt: createdAt + TRUSTED_BROWSER_TTL_MS }, TRUSTED_BROWSERS_PER_ACCOUNT);

    await lockAccount(email);
    expect((await post("/api/auth/sign-in", { email, password: "right-pass" }, `${TRUSTED_BROWSER_COOKIE}=${token}`)).status).toBe(429);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "30 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare("select id from trusted_browsers where user_id = ?").bind(user!.id).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).not.toContain(tokenHash(token));
    expect(left.results).toHaveLength(1); // the browser it signed up from
  });

  it(`an account keeps its newest ${TRUSTED_BROWSERS_PER_ACCOUNT} browsers`, async () => {
    const email = uniqueEmail();
    await signUp(email);
    const user = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
    const t0 = Date.now() + 1_000;
    const ids = Array.from({ length: TRUSTED_BROWSERS_PER_ACCOUNT + 2 }, (_, i) => ({ id: tokenHash(randomToken()), createdAt: t0 + i }));
    for (const { id, createdAt } of ids) {
      await insertTrustedBrowser(db(env.DB), { id, userId: user!.id, createdAt, expiresAt: createdAt + TRUSTED_BROWSER_TTL_MS }, TRUSTED_BROWSERS_PER_ACCOUNT);
    }
    const left = await env.DB.prepare("select id from trusted_browsers where user_id = ? order by created_at").bind(user!.id).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(ids.slice(2).map((r) => r.id));
  });
});
