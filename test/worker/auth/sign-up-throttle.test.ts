// Sign-ups throttled per client (worker/auth/sign-up-throttle.ts): those with addresses that already have
// an account (the spec's "An account with this email already exists." tells whether an address has
// one), and the accounts made per network and day.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { app } from "../../../worker/app";
import { describe, expect, it } from "vitest";
import { SIGN_UP_MISS_LIMIT } from "../../../worker/auth/sign-up-throttle";

const ORIGIN = "https://echo.test";
const uniqueEmail = () => `s-${crypto.randomUUID().slice(0, 12)}@example.com`;
const uniqueClient = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 6)}`;

function signUp(email: string, client: string) {
  return exports.default.fetch(`${ORIGIN}/api/auth/sign-up`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": client },
    body: JSON.stringify({ email, password: "right-pass" }),
  });
}

describe("sign-up throttling", { timeout: 30_000 }, () => {
  it(`a client gets ${SIGN_UP_MISS_LIMIT} answers of "already exists" per window, then 429 for every sign-up; other clients are unaffected`, async () => {
    const taken = uniqueEmail();
    expect((await signUp(taken, uniqueClient())).status).toBe(201);
    const prober = uniqueClient();
    for (let i = 0; i < SIGN_UP_MISS_LIMIT; i++) expect((await signUp(taken, prober)).status).toBe(409);
    const refused = await signUp(taken, prober);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("too-many-requests");
    expect(body.error.message).toMatch(/^Too many sign-ups with addresses that already have an account\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A new address from that client is refused too (the answer would tell it has none), and nothing is made.
    const fresh = uniqueEmail();
    expect((await signUp(fresh, prober)).status).toBe(429);
    expect((await signUp(fresh, uniqueClient())).status).toBe(201);
  });

  it("a sign-up that makes an account never counts", async () => {
    const taken = uniqueEmail();
    expect((await signUp(taken, uniqueClient())).status).toBe(201);
    const client = uniqueClient();
    for (let i = 0; i < SIGN_UP_MISS_LIMIT - 1; i++) expect((await signUp(taken, client)).status).toBe(409);
    for (let i = 0; i < 3; i++) expect((await signUp(uniqueEmail(), client)).status).toBe(201);
    expect((await signUp(taken, client)).status).toBe(409); // the limit's last one: the three accounts took theirs back
    expect((await signUp(taken, client)).status).toBe(429);
  });
});

describe("accounts made per network and day", { timeout: 30_000 }, () => {
  const limited = { ...env, SIGN_UPS_PER_NETWORK_PER_DAY: "3" };
  function signUpLimited(email: string, client: string) {
    const request = new Request(`${ORIGIN}/api/auth/sign-up`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": client },
      body: JSON.stringify({ email, password: "right-pass" }),
    });
    return app.fetch(request, limited, createExecutionContext());
  }
  const accounts = async (emails: string[]) =>
    (await env.DB.prepare(`select count(*) as n from users where email in (${emails.map(() => "?").join(",")})`).bind(...emails).first<{ n: number }>())!.n;

  it("six sign-ups at once from one network make exactly three accounts; the rest answer 429 and make nothing", async () => {
    const client = uniqueClient();
    const emails = Array.from({ length: 6 }, uniqueEmail);
    const answers = await Promise.all(emails.map((e) => signUpLimited(e, client)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "too-many-requests" });
    expect(body.error.message).toMatch(/^Too many accounts have been made from this network today\. Please wait \d+ minutes and try again\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect(await accounts(emails)).toBe(3);
    // Another network is not affected.
    expect((await signUpLimited(uniqueEmail(), uniqueClient())).status).toBe(201);
  });

  it("an answer that makes no account (the address has one) does not count", async () => {
    const client = uniqueClient();
    const taken = uniqueEmail();
    expect((await signUpLimited(taken, uniqueClient())).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await signUpLimited(taken, client)).status).toBe(409);
    for (let i = 0; i < 3; i++) expect((await signUpLimited(uniqueEmail(), client)).status).toBe(201);
    expect((await signUpLimited(uniqueEmail(), client)).status).toBe(429);
  });

  it("an IPv6 client counts by its /64: other addresses in it share the limit", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let i = 1; i <= 3; i++) expect((await signUpLimited(uniqueEmail(), `${prefix}::${i}`)).status).toBe(201);
    expect((await signUpLimited(uniqueEmail(), `${prefix}::99`)).status).toBe(429);
  });
});
