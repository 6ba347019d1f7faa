// Email verification: sign-up mails a single-use, expiring link (through the development outbox); the
// link proves the address; an unverified account can't be invited to a call; Resend sends a new link
// (limited); Google sign-ins count as verified.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { VERIFY_MAILS_PER_USER } from "../../../worker/auth/account/account-throttles";
import { INVALID_VERIFY_LINK } from "../../../worker/routes/account/verify-email";
import { INVITEE_UNVERIFIED } from "../../../worker/routes/live-calls";
import { tokenHash } from "../../../worker/auth/token";
import { createCall } from "../support/calls";
import { createUser, jsonHeaders } from "../support/users";
import { call, expectError, linkToken, me, nextMail, outbox, signUp, uniqueEmail } from "../support/accounts";
import { exports } from "cloudflare:workers";
import { deleteEndedSessionRows } from "../../../worker/jobs/session-cleanup";

describe("email verification", { timeout: 20_000 }, () => {
  it("sign-up mails a link; following it verifies the address once", async () => {
    const email = uniqueEmail("verify");
    const { cookie } = await signUp(email);
    expect((await me(cookie))?.emailVerified).toBe(false);
    const mail = await nextMail(email);
    expect(mail.subject).toBe("Verify your email for Echo");
    expect(mail.text).toMatch(/https:\/\/echo\.test\/verify-email#token=[a-z0-9]+/);
    const token = linkToken(mail);
    // Only its hash is stored.
    expect(await env.DB.prepare("select 1 from email_tokens where id = ?").bind(token).first()).toBeNull();
    expect(await env.DB.prepare("select purpose from email_tokens where id = ?").bind(tokenHash(token)).first()).toEqual({ purpose: "verify" });

    const res = await call("POST", "/api/account/verify-email", { token }, { cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    expect((await me(cookie))?.emailVerified).toBe(true);
    // Single use.
    await expectError(await call("POST", "/api/account/verify-email", { token }), 400, "invalid-link", INVALID_VERIFY_LINK);
  });

  it("works without a session (another browser), refuses an expired or made-up link and changes nothing", async () => {
    const email = uniqueEmail("verify-expired");
    const { cookie, userId } = await signUp(email);
    const token = linkToken(await nextMail(email));
    await expectError(await call("POST", "/api/account/verify-email", { token: "not-a-real-token" }), 400, "invalid-link");
    await env.DB.prepare("update email_tokens set expires_at = ? where user_id = ?").bind(Date.now() - 1, userId).run();
    await expectError(await call("POST", "/api/account/verify-email", { token }), 400, "invalid-link");
    expect((await me(cookie))?.emailVerified).toBe(false);

    const other = uniqueEmail("verify-elsewhere");
    const signedUp = await signUp(other);
    const res = await call("POST", "/api/account/verify-email", { token: linkToken(await nextMail(other)) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null }); // nobody signed in here
    expect((await me(signedUp.cookie))?.emailVerified).toBe(true);
  });

  it("Resend mails a new link that replaces the old one, up to the limit; a verified account is told so", async () => {
    const email = uniqueEmail("resend");
    const { cookie } = await signUp(email);
    const first = linkToken(await nextMail(email));
    expect((await call("POST", "/api/account/verify-email/resend", {}, { cookie })).status).toBe(204);
    const second = linkToken(await nextMail(email, 2));
    expect(second).not.toBe(first);
    await expectError(await call("POST", "/api/account/verify-email", { token: first }), 400, "invalid-link");
    for (let i = 1; i < VERIFY_MAILS_PER_USER; i++) expect((await call("POST", "/api/account/verify-email/resend", {}, { cookie })).status).toBe(204);
    await expectError(await call("POST", "/api/account/verify-email/resend", {}, { cookie }), 429, "too-many-requests");
    expect(await outbox(email)).toHaveLength(1 + VERIFY_MAILS_PER_USER);

    const latest = linkToken((await outbox(email))[0]!);
    expect((await call("POST", "/api/account/verify-email", { token: latest })).status).toBe(200);
    const verified = await createUser();
    await expectError(await call("POST", "/api/account/verify-email/resend", {}, { cookie: verified.cookie }), 409, "already-verified");
    await expectError(await call("POST", "/api/account/verify-email/resend", {}), 401, "unauthenticated");
  });

  it("an unverified account can't be invited to a call; once verified it can", async () => {
    const owner = await createUser();
    const email = uniqueEmail("invitee");
    await signUp(email);
    const { id: callId } = await createCall(owner.user.id, { status: "in-progress", endTime: null, duration: null, endReason: null });
    const invite = () =>
      exports.default.fetch(`https://echo.test/api/live-calls/${callId}/participants`, { method: "POST", headers: jsonHeaders(owner), body: JSON.stringify({ email }) });
    await expectError(await invite(), 409, "invitee-unverified", INVITEE_UNVERIFIED);
    expect(await env.DB.prepare("select count(*) as n from call_participants where call_id = ?").bind(callId).first()).toEqual({ n: 0 });
    expect((await call("POST", "/api/account/verify-email", { token: linkToken(await nextMail(email)) })).status).toBe(200);
    expect((await invite()).status).toBe(201);
  });
});

describe("emailed links' clean-up", () => {
  it("the daily job deletes links past their expiry and keeps live ones", async () => {
    const email = uniqueEmail("cleanup");
    const { userId } = await signUp(email);
    await nextMail(email);
    const now = Date.now();
    await env.DB.prepare("insert into email_tokens (id, user_id, purpose, email, created_at, expires_at) values (?, ?, 'reset', ?, ?, ?)")
      .bind(`expired-${crypto.randomUUID()}`, userId, email, now - 7_200_000, now - 3_600_000)
      .run();
    await deleteEndedSessionRows(env, now);
    const rows = await env.DB.prepare("select purpose from email_tokens where user_id = ? order by purpose").bind(userId).all<{ purpose: string }>();
    expect(rows.results).toEqual([{ purpose: "verify" }]);
  });
});
