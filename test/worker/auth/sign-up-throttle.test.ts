// Sign-ups with addresses that already have an account, throttled per client (worker/auth/sign-up-throttle.ts):
// the spec's "An account with this email already exists." tells whether an address has an account.
import { exports } from "cloudflare:workers";
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
