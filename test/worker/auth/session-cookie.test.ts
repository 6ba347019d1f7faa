// The session cookie is `__Host-echo_session` (Secure, Path=/, no Domain); a browser still holding the
// old `echo_session` is signed in with it once and moved to the new name, never signed out by surprise.
import { describe, expect, it } from "vitest";
import { LEGACY_SESSION_COOKIE, SESSION_COOKIE } from "../../../protocol/api";
import { call, me, sessionTokenFrom, signUp, uniqueEmail } from "../support/accounts";

describe("session cookie", () => {
  it("is set with the __Host- prefix, Secure, Path=/ and no Domain", async () => {
    const res = await call("POST", "/api/auth/sign-up", { email: uniqueEmail("cookie"), password: "tidal-marmot-42" });
    expect(res.status).toBe(201);
    const header = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(SESSION_COOKIE).toBe("__Host-echo_session");
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).not.toMatch(/Domain=/i);
  });

  it("accepts the old cookie name and moves the session to the new name, deleting the old one", async () => {
    const { token } = await signUp(uniqueEmail("legacy"));
    const res = await call("GET", "/api/auth/me", undefined, { cookie: `${LEGACY_SESSION_COOKIE}=${token}` });
    expect(((await res.json()) as { user: unknown }).user).not.toBeNull();
    const cookies = res.headers.getSetCookie();
    expect(sessionTokenFrom(res)).toBe(token);
    expect(cookies.find((c) => c.startsWith(`${LEGACY_SESSION_COOKIE}=`))).toMatch(/Max-Age=0/i);
    // The new name alone keeps the session.
    expect(await me(`${SESSION_COOKIE}=${token}`)).not.toBeNull();
  });

  it("an unknown token under the old name is cleared under both names", async () => {
    const res = await call("GET", "/api/auth/me", undefined, { cookie: `${LEGACY_SESSION_COOKIE}=not-a-session` });
    expect(((await res.json()) as { user: unknown }).user).toBeNull();
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`${LEGACY_SESSION_COOKIE}=`) && /Max-Age=0/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`) && /Max-Age=0/i.test(c))).toBe(true);
  });
});
