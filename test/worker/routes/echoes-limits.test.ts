// Echoes per user are capped (ECHOES_PER_USER, default 20: 409 with a clear message, nothing made, even
// for creations sent at once), and GET /api/echoes is paged by cursor.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../protocol/api";
import { ECHOES_PAGE_DEFAULT, type EchoList } from "../../../protocol/echo";
import { app } from "../../../worker/app";
import { LIMIT_DEFAULTS } from "../../../worker/config/limit-settings";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, jsonHeaders, type TestUser } from "../support/users";

const valid = { name: "Sage", description: "", personality: "calm", expertise: "general", instructions: "", voiceStyle: "gentle" };

async function echoCount(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from echoes where user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? -1;
}

async function create(u: TestUser, cap?: number): Promise<Response> {
  const request = new Request(`${TEST_ORIGIN}/api/echoes`, { method: "POST", headers: jsonHeaders(u), body: JSON.stringify(valid) });
  if (cap === undefined) return exports.default.fetch(request);
  return app.fetch(request, { ...env, ECHOES_PER_USER: String(cap) }, createExecutionContext());
}

async function page(u: TestUser, query: string): Promise<EchoList> {
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes${query}`, { headers: u.headers });
  expect(res.status).toBe(200);
  return res.json();
}

describe("Echoes per user", () => {
  it(`the default cap is ${LIMIT_DEFAULTS.echoesPerUser}: one more answers 409 with a clear message and makes nothing`, async () => {
    const u = await createUser();
    for (let i = 0; i < LIMIT_DEFAULTS.echoesPerUser - 1; i++) await createEcho(u.user.id, { name: `Echo ${i}` });
    expect((await create(u)).status).toBe(201);
    const refused = await create(u);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ApiErrorBody;
    expect(body.error).toEqual({ code: "echo-limit", message: `You have ${LIMIT_DEFAULTS.echoesPerUser} Echoes, the most an account can have. Edit one of them instead.` });
    expect(await echoCount(u.user.id)).toBe(LIMIT_DEFAULTS.echoesPerUser);
  });

  it("creations sent at once cannot pass the cap together; another user is not affected", async () => {
    const u = await createUser();
    await createEcho(u.user.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(u, 3)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await echoCount(u.user.id)).toBe(3);
    const other = await createUser();
    expect((await create(other, 3)).status).toBe(201);
  });
});

describe("GET /api/echoes is paged", () => {
  it(`pages of ${ECHOES_PAGE_DEFAULT} by default, newest updated first; the cursor walks every Echo once`, async () => {
    const u = await createUser();
    const base = Date.now();
    // 55 Echoes, five of them with the same updatedAt (ties go by id).
    for (let i = 0; i < 55; i++) await createEcho(u.user.id, { name: `E${i}`, updatedAt: base - Math.max(i, 50) * 1000, isActive: i % 2 === 0 });
    const first = await page(u, "");
    expect(first.echoes).toHaveLength(ECHOES_PAGE_DEFAULT);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(u, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.nextCursor).toBeNull();
    const all = [...first.echoes, ...second.echoes];
    expect(new Set(all.map((e) => e.id)).size).toBe(55);
    const order = all.map((e) => [e.updatedAt, e.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1)));

    // Small pages, with the active filter: the same Echoes as one big page.
    const active: string[] = [];
    let cursor: string | null = null;
    do {
      const p: EchoList = await page(u, `?active=true&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(p.echoes.length).toBeLessThanOrEqual(7);
      active.push(...p.echoes.map((e) => e.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(active).toEqual(all.filter((e) => e.isActive).map((e) => e.id));
  });

  it("a bad cursor or limit answers 400", async () => {
    const u = await createUser();
    for (const q of ["?cursor=not-a-cursor", "?limit=0", "?limit=101", `?cursor=${btoa("12:x")}`]) {
      const res = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes${q}`, { headers: u.headers });
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as ApiErrorBody).error.code).toBe("invalid-request");
    }
  });
});
