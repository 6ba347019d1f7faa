import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../protocol/api";
import type { Echo, EchoList } from "../../../protocol/echo";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, jsonHeaders, type TestUser } from "../support/users";

const BASE = `${TEST_ORIGIN}/api/echoes`;

const valid = {
  name: "Sage",
  description: "A calm helper",
  personality: "calm",
  expertise: "therapy",
  instructions: "Speak slowly.",
  voiceStyle: "gentle",
};

function send(u: TestUser, method: string, path: string, body?: unknown): Promise<Response> {
  return exports.default.fetch(`${BASE}${path}`, {
    method,
    headers: jsonHeaders(u),
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function list(u: TestUser, query = ""): Promise<Echo[]> {
  const res = await exports.default.fetch(`${BASE}${query}`, { headers: u.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as EchoList).echoes;
}

async function echoCount(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from echoes where user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? -1;
}

describe("creating an Echo", () => {
  it("stores every field, active with no calls, timestamps set", async () => {
    const u = await createUser();
    const before = Date.now();
    const res = await send(u, "POST", "", { ...valid, name: "  Sage  " });
    expect(res.status).toBe(201);
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ ...valid, userId: u.user.id, isActive: true, totalCalls: 0 });
    expect(echo.createdAt).toBeGreaterThanOrEqual(before);
    expect(echo.updatedAt).toBe(echo.createdAt);
    const row = await env.DB.prepare("select * from echoes where id = ?").bind(echo.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ user_id: u.user.id, name: "Sage", is_active: 1, total_calls: 0, voice_style: "gentle" });
  });

  it("ignores fields a client may not set (owner, counters, state, timestamps)", async () => {
    const u = await createUser();
    const other = await createUser();
    const res = await send(u, "POST", "", { ...valid, id: "chosen", userId: other.user.id, totalCalls: 99, isActive: false, createdAt: 1 });
    expect(res.status).toBe(201);
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ userId: u.user.id, totalCalls: 0, isActive: true });
    expect(echo.id).not.toBe("chosen");
    expect(echo.createdAt).toBeGreaterThan(1);
    expect(await echoCount(other.user.id)).toBe(0);
    const put = await send(u, "PUT", `/${echo.id}`, { ...valid, userId: other.user.id, totalCalls: 5 });
    expect(await put.json()).toMatchObject({ userId: u.user.id, totalCalls: 0 });
  });

  it("defaults description and instructions to empty", async () => {
    const u = await createUser();
    const res = await send(u, "POST", "", { name: "Min", personality: "witty", expertise: "general", voiceStyle: "default" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ description: "", instructions: "" });
  });

  it("needs a signed-in user and a same-origin request", async () => {
    const anon = await exports.default.fetch(BASE, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(anon.status).toBe(401);
    const u = await createUser();
    const foreign = await exports.default.fetch(BASE, {
      method: "POST",
      headers: { ...jsonHeaders(u), Origin: "https://evil.example" },
      body: JSON.stringify(valid),
    });
    expect(foreign.status).toBe(403);
    expect(await echoCount(u.user.id)).toBe(0);
    expect((await exports.default.fetch(BASE)).status).toBe(401);
  });
});

describe("validation", () => {
  const cases: [string, unknown, RegExp][] = [
    ["missing name", { ...valid, name: undefined }, /^name: /],
    ["blank name", { ...valid, name: "   " }, /Echo name is required/],
    ["unknown personality", { ...valid, personality: "grumpy" }, /^personality: /],
    ["unknown expertise", { ...valid, expertise: "law" }, /^expertise: /],
    ["unknown voice style", { ...valid, voiceStyle: "robotic" }, /^voiceStyle: /],
    ["name of the wrong type", { ...valid, name: 42 }, /^name: /],
    ["description of the wrong type", { ...valid, description: ["x"] }, /^description: /],
    ["oversized name", { ...valid, name: "x".repeat(81) }, /^name: /],
    ["oversized description", { ...valid, description: "x".repeat(501) }, /^description: /],
    ["oversized instructions", { ...valid, instructions: "x".repeat(4001) }, /^instructions: /],
    ["an array body", [valid], /expected object/i],
  ];
  for (const [what, body, message] of cases) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const u = await createUser();
      const res = await send(u, "POST", "", body);
      expect(res.status).toBe(400);
      const err = (await res.json()) as ApiErrorBody;
      expect(err.error.code).toBe("invalid-request");
      expect(err.error.message).toMatch(message);
      expect(await echoCount(u.user.id)).toBe(0);
    });
  }

  it("refuses malformed JSON with 400 invalid-json", async () => {
    const u = await createUser();
    const res = await send(u, "POST", "", '{"name": "Sage",');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid-json" } });
    expect(await echoCount(u.user.id)).toBe(0);
  });

  it("refuses a body over 32 KB with 413", async () => {
    const u = await createUser();
    const res = await send(u, "POST", "", { ...valid, padding: "x".repeat(40_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "too-large" } });
    expect(await echoCount(u.user.id)).toBe(0);
  });

  it("a PUT that leaves out recordCalls keeps the Echo's setting (recording is never switched on by omission)", async () => {
    const u = await createUser();
    const echo = await createEcho(u.user.id, { name: "Quiet", recordCalls: false });
    const res = await send(u, "PUT", `/${echo.id}`, { ...valid, name: "Still quiet" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Still quiet", recordCalls: false });
    expect(await (await send(u, "PUT", `/${echo.id}`, { ...valid, recordCalls: true })).json()).toMatchObject({ recordCalls: true });
  });

  it("refuses a bad update and leaves the Echo as it was", async () => {
    const u = await createUser();
    const echo = await createEcho(u.user.id, { name: "Keep" });
    for (const [method, body] of [
      ["PUT", { ...valid, expertise: "astrology" }],
      ["PATCH", { isActive: "no" }],
      ["PATCH", {}],
      ["PATCH", { name: "" }],
      ["PATCH", "not json"],
    ] as const) {
      const res = await send(u, method, `/${echo.id}`, body);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
    }
    const row = await env.DB.prepare("select name, expertise, is_active, updated_at from echoes where id = ?").bind(echo.id).first();
    expect(row).toEqual({ name: "Keep", expertise: echo.expertise, is_active: 1, updated_at: echo.updatedAt });
  });

  it("refuses an unknown ?active value", async () => {
    const u = await createUser();
    const res = await exports.default.fetch(`${BASE}?active=yes`, { headers: u.headers });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid-request", message: expect.stringMatching(/^active: /) } });
  });
});

describe("listing, updating and toggling", () => {
  it("lists all of the user's Echoes newest updated first, or only the active or inactive ones", async () => {
    const u = await createUser();
    const other = await createUser();
    await createEcho(other.user.id, { name: "Not mine", updatedAt: Date.now() + 10_000 });
    const a = await createEcho(u.user.id, { name: "A", updatedAt: 1000 });
    const b = await createEcho(u.user.id, { name: "B", updatedAt: 3000, isActive: false });
    const c = await createEcho(u.user.id, { name: "C", updatedAt: 2000 });
    expect((await list(u)).map((e) => e.id)).toEqual([b.id, c.id, a.id]);
    expect((await list(u, "?active=true")).map((e) => e.id)).toEqual([c.id, a.id]);
    expect((await list(u, "?active=false")).map((e) => e.id)).toEqual([b.id]);
  });

  it("reads one Echo", async () => {
    const u = await createUser();
    const e = await createEcho(u.user.id);
    const res = await exports.default.fetch(`${BASE}/${e.id}`, { headers: u.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(e);
  });

  it("replaces every field with PUT and moves the Echo to the top", async () => {
    const u = await createUser();
    const e = await createEcho(u.user.id, { updatedAt: 5, totalCalls: 7 });
    await createEcho(u.user.id, { updatedAt: 10 });
    const res = await send(u, "PUT", `/${e.id}`, { ...valid, name: "Renamed", description: "" });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Echo;
    expect(updated).toMatchObject({ ...valid, name: "Renamed", description: "", isActive: true, totalCalls: 7, createdAt: e.createdAt });
    expect(updated.updatedAt).toBeGreaterThan(10);
    expect((await list(u))[0]?.id).toBe(e.id);
  });

  it("PATCH changes only the given fields; isActive toggles", async () => {
    const u = await createUser();
    const e = await createEcho(u.user.id, { description: "stay", instructions: "stay too" });
    const off = await send(u, "PATCH", `/${e.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ isActive: false, name: e.name, description: "stay", instructions: "stay too" });
    expect((await list(u, "?active=true")).map((x) => x.id)).not.toContain(e.id);
    const on = await send(u, "PATCH", `/${e.id}`, { isActive: true });
    expect(await on.json()).toMatchObject({ isActive: true });
    const renamed = await send(u, "PATCH", `/${e.id}`, { name: "Nova", personality: "witty" });
    expect(await renamed.json()).toMatchObject({ name: "Nova", personality: "witty", description: "stay", isActive: true });
  });

  it("answers 404 for an id that does not exist", async () => {
    const u = await createUser();
    expect((await exports.default.fetch(`${BASE}/nope`, { headers: u.headers })).status).toBe(404);
    expect((await send(u, "PATCH", "/nope", { isActive: false })).status).toBe(404);
    expect((await send(u, "PUT", "/nope", valid)).status).toBe(404);
  });
});
