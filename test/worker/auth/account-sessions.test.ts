// The signed-in sessions list (device from the User-Agent, last seen), signing one out, and signing
// out everywhere. Another account's session can't be seen or ended.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AccountSessionList } from "../../../protocol/api";
import { LAST_SEEN_EVERY_MS, sessionIdFromToken } from "../../../worker/auth/session";
import { userAgentSummary } from "../../../worker/auth/account/user-agent";
import { call, expectError, me, sessionTokenFrom, signIn, signUp, uniqueEmail, cookieFor } from "../support/accounts";

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function list(cookie: string): Promise<AccountSessionList> {
  const res = await call("GET", "/api/account/sessions", undefined, { cookie });
  expect(res.status).toBe(200);
  return res.json();
}

async function twoSessions() {
  const email = uniqueEmail("sessions");
  const mac = await signUp(email, "tidal-marmot-42", { userAgent: CHROME_MAC });
  const phoneRes = await signIn(email, "tidal-marmot-42", { userAgent: SAFARI_IPHONE, ip: "192.0.2.80" });
  const phone = cookieFor(sessionTokenFrom(phoneRes)!);
  return { email, mac, phone };
}

describe("sessions list", { timeout: 20_000 }, () => {
  it("summarizes browsers without storing the raw User-Agent", () => {
    expect(userAgentSummary(CHROME_MAC)).toBe("Chrome on macOS");
    expect(userAgentSummary(SAFARI_IPHONE)).toBe("Safari on iPhone");
    expect(userAgentSummary(FIREFOX_LINUX)).toBe("Firefox on Linux");
    expect(userAgentSummary(undefined)).toBe("");
  });

  it("lists the account's sessions with device and last seen, marking this one", async () => {
    const { mac, phone } = await twoSessions();
    const { sessions } = await list(mac.cookie);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ id: sessionIdFromToken(mac.token), device: "Chrome on macOS" });
    expect(sessions.find((s) => !s.current)).toMatchObject({ device: "Safari on iPhone" });
    for (const s of sessions) expect(s.lastSeenAt).toBeGreaterThanOrEqual(s.createdAt);
    const raw = await env.DB.prepare("select user_agent from sessions where id = ?").bind(sessionIdFromToken(mac.token)).first<{ user_agent: string }>();
    expect(raw?.user_agent).toBe("Chrome on macOS");
    expect((await list(phone)).sessions.find((s) => s.current)?.device).toBe("Safari on iPhone");
  });

  it("updates last seen when a session is used after a while", async () => {
    const { mac } = await signUp(uniqueEmail("seen")).then((s) => ({ mac: s }));
    const id = sessionIdFromToken(mac.token);
    const old = Date.now() - LAST_SEEN_EVERY_MS - 1000;
    await env.DB.prepare("update sessions set last_seen_at = ? where id = ?").bind(old, id).run();
    await me(mac.cookie);
    const row = await env.DB.prepare("select last_seen_at as t from sessions where id = ?").bind(id).first<{ t: number }>();
    expect(row!.t).toBeGreaterThan(old + 1000);
  });

  it("signs out one session: it stops working, the others go on; someone else's answers 404", async () => {
    const { mac, phone } = await twoSessions();
    const phoneId = (await list(mac.cookie)).sessions.find((s) => !s.current)!.id;
    const stranger = await signUp(uniqueEmail("stranger"));
    await expectError(await call("DELETE", `/api/account/sessions/${phoneId}`, undefined, { cookie: stranger.cookie }), 404, "not-found");
    expect(await me(phone)).not.toBeNull();

    expect((await call("DELETE", `/api/account/sessions/${phoneId}`, undefined, { cookie: mac.cookie })).status).toBe(204);
    expect(await me(phone)).toBeNull();
    expect(await me(mac.cookie)).not.toBeNull();
    expect((await list(mac.cookie)).sessions).toHaveLength(1);
  });

  it("signing out this session from the list clears its cookie", async () => {
    const { mac } = await twoSessions();
    const res = await call("DELETE", `/api/account/sessions/${sessionIdFromToken(mac.token)}`, undefined, { cookie: mac.cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /Max-Age=0/i.test(c))).toBe(true);
    expect(await me(mac.cookie)).toBeNull();
  });

  it("sign out everywhere ends every session, this one too", async () => {
    const { mac, phone } = await twoSessions();
    const res = await call("POST", "/api/account/sessions/sign-out-everywhere", {}, { cookie: phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
    expect(await me(phone)).toBeNull();
    expect(await me(mac.cookie)).toBeNull();
    await expectError(await call("GET", "/api/account/sessions"), 401, "unauthenticated");
  });
});
