// "Who answers my calls" is an explicit choice (issue 44 §3): the first Echo made becomes it (the
// starter at sign-up), editing or making other Echoes never changes it, deactivating it hands the phone
// to another active Echo (or the built-in assistant), and the migration fixes today's answerer as the
// choice. Also Duplicate: "<name> (copy)", active, and the answerer stays.
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Echo, EchoList } from "../../../protocol/echo";
import type { PhoneSettings } from "../../../protocol/phone";
import { SESSION_COOKIE } from "../../../worker/auth/session";
import { db } from "../../../worker/db/client";
import { STARTER_ECHO } from "../../../worker/db/echoes";
import { users } from "../../../worker/db/schema";
import { createEcho } from "../support/echoes";
import { createUser, jsonHeaders, TEST_ORIGIN, type TestUser } from "../support/users";

const FIELDS = { name: "Nova", description: "", personality: "witty", expertise: "general", instructions: "", voiceStyle: "default" } as const;

async function call<T>(user: TestUser, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await exports.default.fetch(`${TEST_ORIGIN}${path}`, { method, headers: jsonHeaders(user), body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

const phone = async (user: TestUser) => (await call<PhoneSettings>(user, "GET", "/api/phone")).body;
const phoneEchoOf = async (userId: string) => (await db(env.DB).select({ id: users.phoneEchoId }).from(users).where(eq(users.id, userId)).get())?.id ?? null;

let seq = 0;
async function signUp(): Promise<TestUser> {
  const email = `answers${++seq}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/auth/sign-up`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${100 + seq}` },
    body: JSON.stringify({ email, password: "hunter22", displayName: "Answers Tester" }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0]!;
  const { user } = (await res.json()) as { user: TestUser["user"] };
  return { user, cookie, headers: { Cookie: cookie, Origin: TEST_ORIGIN } };
}

describe("who answers my calls", () => {
  it("a new account's starter Echo is the explicit choice", async () => {
    const user = await signUp();
    const [starter] = (await call<EchoList>(user, "GET", "/api/echoes")).body.echoes;
    expect(await phone(user)).toMatchObject({ phoneEchoId: starter!.id, answeringEcho: { id: starter!.id, name: STARTER_ECHO.name } });
  });

  it("the first Echo made answers; making and editing others never changes it", async () => {
    const user = await createUser();
    const first = await call<Echo>(user, "POST", "/api/echoes", { ...FIELDS, name: "First" });
    expect(first.status).toBe(201);
    expect(await phoneEchoOf(user.user.id)).toBe(first.body.id);
    const second = await call<Echo>(user, "POST", "/api/echoes", { ...FIELDS, name: "Second" });
    expect((await call<Echo>(user, "PUT", `/api/echoes/${second.body.id}`, { ...FIELDS, name: "Second, edited" })).status).toBe(200);
    expect((await call<Echo>(user, "PATCH", `/api/echoes/${second.body.id}`, { description: "newest of all" })).status).toBe(200);
    expect(await phone(user)).toMatchObject({ phoneEchoId: first.body.id, answeringEcho: { id: first.body.id, name: "First" } });
  });

  it("deactivating the answering Echo hands the phone to another active one, then to the built-in assistant; activating one when none answers makes it the answerer", async () => {
    const user = await createUser();
    const a = (await call<Echo>(user, "POST", "/api/echoes", { ...FIELDS, name: "A" })).body;
    const b = (await call<Echo>(user, "POST", "/api/echoes", { ...FIELDS, name: "B" })).body;
    // Deactivating one that doesn't answer changes nothing.
    await call(user, "PATCH", `/api/echoes/${b.id}`, { isActive: false });
    expect(await phoneEchoOf(user.user.id)).toBe(a.id);
    await call(user, "PATCH", `/api/echoes/${b.id}`, { isActive: true });
    expect(await phoneEchoOf(user.user.id)).toBe(a.id); // A still answers: activating B doesn't take over
    await call(user, "PATCH", `/api/echoes/${a.id}`, { isActive: false });
    expect(await phone(user)).toMatchObject({ phoneEchoId: b.id, answeringEcho: { id: b.id, name: "B" } });
    await call(user, "PATCH", `/api/echoes/${b.id}`, { isActive: false });
    expect(await phone(user)).toMatchObject({ phoneEchoId: null, answeringEcho: null });
    // Reactivating A doesn't silently bring back an old choice, it is the one active Echo: it answers, explicitly.
    await call(user, "PATCH", `/api/echoes/${a.id}`, { isActive: true });
    expect(await phone(user)).toMatchObject({ phoneEchoId: a.id, answeringEcho: { id: a.id } });
  });

  it("the choice is the user's own active Echo; null is refused (there is no silent default) and changes nothing", async () => {
    const user = await createUser();
    const other = await createUser();
    const a = (await call<Echo>(user, "POST", "/api/echoes", { ...FIELDS, name: "A" })).body;
    const b = (await call<Echo>(user, "POST", "/api/echoes", { ...FIELDS, name: "B" })).body;
    const theirs = (await call<Echo>(other, "POST", "/api/echoes", { ...FIELDS, name: "Theirs" })).body;
    expect((await call<PhoneSettings>(user, "PUT", "/api/phone/echo", { echoId: b.id })).body).toMatchObject({ phoneEchoId: b.id, answeringEcho: { name: "B" } });
    expect((await call(user, "PUT", "/api/phone/echo", { echoId: null })).status).toBe(400);
    expect((await call(user, "PUT", "/api/phone/echo", { echoId: theirs.id })).status).toBe(404);
    // Activating someone else's Echo id is a 404 and never points the user's phone at it.
    expect((await call(user, "PATCH", `/api/echoes/${theirs.id}`, { isActive: true })).status).toBe(404);
    expect(await phoneEchoOf(user.user.id)).toBe(b.id);
    expect(await phoneEchoOf(other.user.id)).toBe(theirs.id);
    expect(a.id).not.toBe(b.id);
  });

  it("the migration fixes today's answerer as the explicit choice", async () => {
    const sql = env.TEST_MIGRATIONS.find((m) => m.name.includes("explicit_phone_echo"))!.queries;
    const unset = await createUser();
    const older = await createEcho(unset.user.id, { name: "Older", updatedAt: 1 });
    const newest = await createEcho(unset.user.id, { name: "Newest", updatedAt: 9 });
    await createEcho(unset.user.id, { name: "Off", updatedAt: 20, isActive: false });
    const chose = await createUser();
    const chosen = await createEcho(chose.user.id, { name: "Chosen", updatedAt: 1 });
    await createEcho(chose.user.id, { name: "Newer", updatedAt: 9 });
    await db(env.DB).update(users).set({ phoneEchoId: chosen.id }).where(eq(users.id, chose.user.id));
    const stale = await createUser();
    const off = await createEcho(stale.user.id, { name: "Off", isActive: false });
    await db(env.DB).update(users).set({ phoneEchoId: off.id }).where(eq(users.id, stale.user.id));
    for (const q of sql) await env.DB.prepare(q).run();
    expect(await phoneEchoOf(unset.user.id)).toBe(newest.id);
    expect(await phoneEchoOf(chose.user.id)).toBe(chosen.id);
    expect(await phoneEchoOf(stale.user.id)).toBeNull();
    // And from then on, editing the older one doesn't move the phone to it.
    await call(unset, "PATCH", `/api/echoes/${older.id}`, { description: "edited last" });
    expect((await phone(unset)).answeringEcho?.id).toBe(newest.id);
  });
});

describe("Duplicate", () => {
  it("makes '<name> (copy)': the same design, active, no calls, not the starter; the answerer stays", async () => {
    const user = await signUp();
    const [starter] = (await call<EchoList>(user, "GET", "/api/echoes")).body.echoes;
    const copy = await call<Echo>(user, "POST", `/api/echoes/${starter!.id}/duplicate`);
    expect(copy.status).toBe(201);
    const { id, name, starter: isStarter, isActive, totalCalls, createdAt, updatedAt, ...design } = copy.body;
    expect({ name, isStarter, isActive, totalCalls }).toEqual({ name: `${STARTER_ECHO.name} (copy)`, isStarter: false, isActive: true, totalCalls: 0 });
    const { name: _name, ...starterDesign } = STARTER_ECHO;
    expect(design).toEqual({ ...starterDesign, userId: user.user.id });
    expect(id).not.toBe(starter!.id);
    expect((await call<EchoList>(user, "GET", "/api/echoes")).body.echoes.map((e) => e.name).sort()).toEqual([STARTER_ECHO.name, `${STARTER_ECHO.name} (copy)`]);
    expect((await phone(user)).answeringEcho?.id).toBe(starter!.id);
    expect(createdAt).toBe(updatedAt);
  });

  it("keeps a long name within the limit", async () => {
    const user = await createUser();
    const long = (await call<Echo>(user, "POST", "/api/echoes", { ...FIELDS, name: "x".repeat(80) })).body;
    const copy = (await call<Echo>(user, "POST", `/api/echoes/${long.id}/duplicate`)).body;
    expect(copy.name).toBe(`${"x".repeat(73)} (copy)`);
  });

  it("someone else's Echo: 404, nothing made; a cross-site request: 403", async () => {
    const user = await createUser();
    const other = await createUser();
    const theirs = await createEcho(other.user.id, { name: "Theirs" });
    expect((await call(user, "POST", `/api/echoes/${theirs.id}/duplicate`)).status).toBe(404);
    const foreign = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${theirs.id}/duplicate`, { method: "POST", headers: { Cookie: other.cookie, Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await call<EchoList>(user, "GET", "/api/echoes")).body.echoes).toEqual([]);
    expect((await call<EchoList>(other, "GET", "/api/echoes")).body.echoes.map((e) => e.name)).toEqual(["Theirs"]);
  });
});
