// Forgot password: the request answers the same whether or not the address has an account, is
// limited per address and per network, and mails a single-use, short-lived link; following it sets a
// new password (the policy first), proves the address and ends every session.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RESET_REQUESTED_MESSAGE } from "../../../protocol/api";
import { RESET_PER_ADDRESS, RESET_PER_NETWORK } from "../../../worker/auth/account/account-throttles";
import { RESET_LINK_TTL_MS } from "../../../worker/auth/account/email-links";
import { INVALID_RESET_LINK } from "../../../worker/routes/account/password-reset";
import { call, expectError, linkToken, me, nextMail, outbox, signIn, signUp, uniqueEmail } from "../support/accounts";

const request = (email: string, ip = "203.0.113.77") => call("POST", "/api/account/password-reset", { email }, { ip });
const confirm = (token: string, newPassword: string) => call("POST", "/api/account/password-reset/confirm", { token, newPassword });

describe("password reset", { timeout: 20_000 }, () => {
  it("answers the same for an address with and without an account; only the account gets mail", async () => {
    const email = uniqueEmail("reset");
    await signUp(email);
    await nextMail(email); // the verification mail
    const known = await request(email, "203.0.113.10");
    const unknownEmail = uniqueEmail("nobody");
    const unknown = await request(unknownEmail, "203.0.113.11");
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const mail = await nextMail(email, 2);
    expect(mail.subject).toBe("Reset your Echo password");
    expect(mail.text).toMatch(/https:\/\/echo\.test\/reset-password#token=/);
    expect(await outbox(unknownEmail)).toEqual([]);
  });

  it("the link sets a new password once, verifies the address and ends every session", async () => {
    const email = uniqueEmail("reset-use");
    const { cookie } = await signUp(email, "first-Walrus-7");
    await nextMail(email);
    expect((await request(email, "203.0.113.12")).status).toBe(202);
    const token = linkToken(await nextMail(email, 2));
    await expectError(await confirm(token, "password"), 400, "common-password");
    await expectError(await confirm(token, "abc"), 400, "weak-password");
    expect(await me(cookie)).not.toBeNull(); // bad input used nothing up

    expect((await confirm(token, "brand-New-Otter-9")).status).toBe(204);
    expect(await me(cookie)).toBeNull();
    expect((await signIn(email, "brand-New-Otter-9")).status).toBe(200);
    await expectError(await signIn(email, "first-Walrus-7"), 401, "wrong-password");
    await expectError(await confirm(token, "another-Otter-10"), 400, "invalid-link", INVALID_RESET_LINK);
    const verified = await env.DB.prepare("select email_verified_at as v from users where email = ?").bind(email).first<{ v: number | null }>();
    expect(verified?.v).not.toBeNull();
  });

  it("an expired link or a verification link does not reset", async () => {
    const email = uniqueEmail("reset-expired");
    const { userId } = await signUp(email, "first-Walrus-7");
    const verifyToken = linkToken(await nextMail(email));
    await expectError(await confirm(verifyToken, "brand-New-Otter-9"), 400, "invalid-link");
    expect((await request(email, "203.0.113.13")).status).toBe(202);
    const token = linkToken(await nextMail(email, 2));
    const row = await env.DB.prepare("select created_at, expires_at from email_tokens where user_id = ? and purpose = 'reset'").bind(userId).first<{ created_at: number; expires_at: number }>();
    expect(row!.expires_at - row!.created_at).toBe(RESET_LINK_TTL_MS);
    await env.DB.prepare("update email_tokens set expires_at = ? where user_id = ? and purpose = 'reset'").bind(Date.now() - 1, userId).run();
    await expectError(await confirm(token, "brand-New-Otter-9"), 400, "invalid-link");
    expect((await signIn(email, "first-Walrus-7")).status).toBe(200);
  });

  it("is limited per address and per network, whether or not the address has an account", async () => {
    const email = uniqueEmail("reset-many");
    for (let i = 0; i < RESET_PER_ADDRESS; i++) expect((await request(email, `203.0.113.${100 + i}`)).status).toBe(202);
    await expectError(await request(email, "203.0.113.120"), 429, "too-many-requests");
    for (let i = 0; i < RESET_PER_NETWORK; i++) expect((await request(uniqueEmail("spray"), "198.18.0.9")).status).toBe(202);
    await expectError(await request(uniqueEmail("spray"), "198.18.0.9"), 429, "too-many-requests");
  });

  it("refuses an invalid address", async () => {
    await expectError(await request("not-an-email"), 400, "invalid-email");
  });
});
