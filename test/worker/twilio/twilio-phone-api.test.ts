// /api/phone: link codes, unlinking and the phone Echo; ownership and validation.
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PhoneLinkCode, PhoneSettings } from "../../../protocol/phone";
import { db } from "../../../worker/db/client";
import { redeemLinkCode } from "../../../worker/db/phone";
import { phoneLinkCodes, users } from "../../../worker/db/schema";
import { createEcho } from "../support/echoes";
import { createUser, jsonHeaders, TEST_ORIGIN, type TestUser } from "../support/users";

async function call<T>(user: TestUser, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/phone${path}`, {
    method,
    headers: jsonHeaders(user),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe("/api/phone", () => {
  it("needs a session, and a same-origin request for changes", async () => {
    expect((await exports.default.fetch(`${TEST_ORIGIN}/api/phone`)).status).toBe(401);
    const user = await createUser();
    const foreign = await exports.default.fetch(`${TEST_ORIGIN}/api/phone/link-code`, {
      method: "POST",
      headers: { Cookie: user.cookie, Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await db(env.DB).select().from(phoneLinkCodes).where(eq(phoneLinkCodes.userId, user.user.id)).all()).length).toBe(0);
  });

  it("shows the public number, no link, and (for rows from before the explicit choice) the most recently updated active Echo", async () => {
    const user = await createUser();
    await createEcho(user.user.id, { name: "Older", updatedAt: 1000 });
    const newer = await createEcho(user.user.id, { name: "Newer", updatedAt: 2000 });
    await createEcho(user.user.id, { name: "Inactive newest", updatedAt: 3000, isActive: false });
    const { status, body } = await call<PhoneSettings>(user, "GET", "");
    expect(status).toBe(200);
    expect(body).toEqual({
      publicNumber: env.PUBLIC_PHONE_NUMBER,
      linkedNumber: null,
      phoneEchoId: null,
      answeringEcho: { id: newer.id, name: "Newer" },
      pendingCode: null,
    });
  });

  it("issues a 6-digit code valid for 10 minutes, replacing the previous one", async () => {
    const user = await createUser();
    const before = Date.now();
    const first = await call<PhoneLinkCode>(user, "POST", "/link-code");
    expect(first.status).toBe(201);
    expect(first.body.code).toMatch(/^\d{6}$/);
    expect(first.body.expiresAt).toBeGreaterThanOrEqual(before + 600_000);
    expect(first.body.expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    const second = await call<PhoneLinkCode>(user, "POST", "/link-code");
    const settings = await call<PhoneSettings>(user, "GET", "");
    expect(settings.body.pendingCode).toEqual(second.body);
    const rows = await db(env.DB).select().from(phoneLinkCodes).where(eq(phoneLinkCodes.userId, user.user.id)).all();
    expect(rows.map((r) => r.code)).toEqual([second.body.code]);
  });

  it("a redeemed code links the number once; unlinking removes it", async () => {
    const user = await createUser();
    const { body: code } = await call<PhoneLinkCode>(user, "POST", "/link-code");
    expect(await redeemLinkCode(db(env.DB), "000000" === code.code ? "111111" : "000000", "+15550100777")).toEqual({ kind: "no-match" });
    expect(await redeemLinkCode(db(env.DB), code.code, "+15550100777")).toEqual({ kind: "linked", userId: user.user.id });
    expect(await redeemLinkCode(db(env.DB), code.code, "+15550100888")).toEqual({ kind: "no-match" }); // consumed
    const linked = await call<PhoneSettings>(user, "GET", "");
    expect(linked.body.linkedNumber).toBe("+15550100777");
    expect(linked.body.pendingCode).toBeNull();
    const unlinked = await call<PhoneSettings>(user, "DELETE", "/link");
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.linkedNumber).toBeNull();
    const row = await db(env.DB).select().from(users).where(eq(users.id, user.user.id)).get();
    expect(row?.phoneNumber).toBeNull();
  });

  it("an expired code links nothing", async () => {
    const user = await createUser();
    await db(env.DB).insert(phoneLinkCodes).values({ userId: user.user.id, code: "424242", expiresAt: Date.now() - 1 });
    expect(await redeemLinkCode(db(env.DB), "424242", "+15550100999")).toEqual({ kind: "no-match" });
    expect((await call<PhoneSettings>(user, "GET", "")).body).toMatchObject({ linkedNumber: null, pendingCode: null });
  });

  it("a number linked to another account stays there (caller ID can be forged); once unlinked, the pending code links it", async () => {
    const a = await createUser({ phoneNumber: "+15550100555" });
    const b = await createUser();
    const { body: code } = await call<PhoneLinkCode>(b, "POST", "/link-code");
    expect(await redeemLinkCode(db(env.DB), code.code, "+15550100555")).toEqual({ kind: "taken" });
    expect((await call<PhoneSettings>(a, "GET", "")).body.linkedNumber).toBe("+15550100555");
    expect((await call<PhoneSettings>(b, "GET", "")).body).toMatchObject({ linkedNumber: null, pendingCode: code });
    expect((await call<PhoneSettings>(a, "DELETE", "/link")).status).toBe(200);
    expect(await redeemLinkCode(db(env.DB), code.code, "+15550100555")).toEqual({ kind: "linked", userId: b.user.id });
    expect((await call<PhoneSettings>(b, "GET", "")).body).toMatchObject({ linkedNumber: "+15550100555", pendingCode: null });
  });

  it("relinking a number to the account that holds it spends the code and keeps the link", async () => {
    const a = await createUser({ phoneNumber: "+15550100556" });
    const { body: code } = await call<PhoneLinkCode>(a, "POST", "/link-code");
    expect(await redeemLinkCode(db(env.DB), code.code, "+15550100556")).toEqual({ kind: "linked", userId: a.user.id });
    expect((await call<PhoneSettings>(a, "GET", "")).body).toMatchObject({ linkedNumber: "+15550100556", pendingCode: null });
  });

  it("chooses the phone Echo among the user's own active Echoes only", async () => {
    const user = await createUser();
    const other = await createUser();
    const mine = await createEcho(user.user.id, { name: "Mine", updatedAt: 1 });
    await createEcho(user.user.id, { name: "Latest", updatedAt: 5 });
    const inactive = await createEcho(user.user.id, { name: "Off", isActive: false });
    const theirs = await createEcho(other.user.id, { name: "Theirs" });

    const chosen = await call<PhoneSettings>(user, "PUT", "/echo", { echoId: mine.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ phoneEchoId: mine.id, answeringEcho: { id: mine.id, name: "Mine" } });

    expect((await call(user, "PUT", "/echo", { echoId: theirs.id })).status).toBe(404);
    expect((await call(user, "PUT", "/echo", { echoId: "nope" })).status).toBe(404);
    expect(await call(user, "PUT", "/echo", { echoId: inactive.id })).toMatchObject({ status: 400, body: { error: { code: "echo-inactive" } } });
    expect((await call(user, "PUT", "/echo", { echoId: 42 })).status).toBe(400);
    expect((await call(user, "PUT", "/echo", {})).status).toBe(400);
    const bad = await exports.default.fetch(`${TEST_ORIGIN}/api/phone/echo`, { method: "PUT", headers: jsonHeaders(user), body: "{oops" });
    expect(bad.status).toBe(400);
    // Refusals changed nothing.
    expect((await call<PhoneSettings>(user, "GET", "")).body.phoneEchoId).toBe(mine.id);

    // There is no "default" to go back to: the choice is always an Echo.
    expect((await call(user, "PUT", "/echo", { echoId: null })).status).toBe(400);
    expect((await call<PhoneSettings>(user, "GET", "")).body).toMatchObject({ phoneEchoId: mine.id, answeringEcho: { name: "Mine" } });
  });

  it("a chosen Echo that is later deactivated hands the phone to another active Echo, explicitly", async () => {
    const user = await createUser();
    const chosen = await createEcho(user.user.id, { name: "Chosen", updatedAt: 1 });
    await createEcho(user.user.id, { name: "Fallback", updatedAt: 2 });
    await call(user, "PUT", "/echo", { echoId: chosen.id });
    await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${chosen.id}`, {
      method: "PATCH",
      headers: jsonHeaders(user),
      body: JSON.stringify({ isActive: false }),
    });
    const after = (await call<PhoneSettings>(user, "GET", "")).body;
    expect(after.answeringEcho?.name).toBe("Fallback");
    expect(after.phoneEchoId).toBe(after.answeringEcho?.id);
  });
});
