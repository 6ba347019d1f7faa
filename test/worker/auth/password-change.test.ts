// Changing the password: the current one is required (wrong ones limited), the new one must pass the
// policy (the spec's minimum and message; not a common password), and every OTHER session ends.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES, COMMON_PASSWORD_MESSAGE } from "../../../protocol/api";
import { PASSWORD_CHANGE_FAILURES } from "../../../worker/auth/account/account-throttles";
import { isCommonPassword } from "../../../worker/auth/account/password-policy";
import { createUser } from "../support/users";
import { call, cookieFor, expectError, me, sessionTokenFrom, signIn, signUp, uniqueEmail } from "../support/accounts";

const change = (cookie: string, currentPassword: string, newPassword: string) => call("POST", "/api/account/password", { currentPassword, newPassword }, { cookie });

async function passwordHash(email: string): Promise<string | undefined> {
  return (await env.DB.prepare("select password_hash as h from users where email = ?").bind(email).first<{ h: string }>())?.h;
}

describe("password change", { timeout: 20_000 }, () => {
  it("with the current password: the new one signs in, the old one no longer does, other sessions end and this one stays", async () => {
    const email = uniqueEmail("change");
    const here = await signUp(email, "first-Walrus-7");
    const there = await signIn(email, "first-Walrus-7", { ip: "192.0.2.50" });
    expect(there.status).toBe(200);
    const thereCookie = cookieFor(sessionTokenFrom(there)!);
    expect(await me(thereCookie)).not.toBeNull();

    const res = await change(here.cookie, "first-Walrus-7", "second-Walrus-8");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ endedSessions: 1 });
    expect(await me(here.cookie)).not.toBeNull();
    expect(await me(thereCookie)).toBeNull();
    const again = await signIn(email, "second-Walrus-8");
    expect(again.status, await again.clone().text()).toBe(200);
    await expectError(await signIn(email, "first-Walrus-7"), 401, "wrong-password");
  });

  it("refuses a wrong current password, a short or common new one, and changes nothing", async () => {
    const email = uniqueEmail("change-bad");
    const { cookie } = await signUp(email, "first-Walrus-7");
    const before = await passwordHash(email);
    await expectError(await change(cookie, "not-it-at-all", "second-Walrus-8"), 401, "wrong-password", AUTH_ERROR_MESSAGES["wrong-password"]);
    await expectError(await change(cookie, "first-Walrus-7", "abc12"), 400, "weak-password", "Password should be at least 6 characters.");
    await expectError(await change(cookie, "first-Walrus-7", "password1"), 400, "common-password", COMMON_PASSWORD_MESSAGE);
    await expectError(await change(cookie, "first-Walrus-7", "QWERTY123"), 400, "common-password");
    await expectError(await change(cookie, "", "second-Walrus-8"), 400, "missing-password");
    await expectError(await call("POST", "/api/account/password", { currentPassword: "x", newPassword: "second-Walrus-8" }), 401, "unauthenticated");
    expect(await passwordHash(email)).toBe(before);
  });

  it("locks after repeated wrong current passwords, until the window ends", async () => {
    const { cookie } = await signUp(uniqueEmail("change-lock"), "first-Walrus-7");
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES; i++) await expectError(await change(cookie, `guess-${i}-xyz`, "second-Walrus-8"), 401, "wrong-password");
    const locked = await change(cookie, "first-Walrus-7", "second-Walrus-8");
    await expectError(locked, 429, "too-many-requests");
  });

  it("a Google-only account has no password to change", async () => {
    const google = await createUser({ googleSub: `sub-${crypto.randomUUID()}` });
    await expectError(await change(google.cookie, "anything", "second-Walrus-8"), 400, "no-password");
  });
});

describe("common passwords", () => {
  it("sign-up refuses one of the most common passwords with a clear message, keeps the spec's minimum, and creates nothing", async () => {
    const email = uniqueEmail("common");
    await expectError(await call("POST", "/api/auth/sign-up", { email, password: "iloveyou" }), 400, "common-password", COMMON_PASSWORD_MESSAGE);
    await expectError(await call("POST", "/api/auth/sign-up", { email, password: "12345" }), 400, "weak-password", "Password should be at least 6 characters.");
    expect(await passwordHash(email)).toBeUndefined();
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("Sunshine")).toBe(true);
    expect(isCommonPassword("tidal-marmot-42")).toBe(false);
  });
});
