// User B against user A's Echoes: every route, read and write, answers 404 and changes nothing.
import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import type { EchoList } from "../../../protocol/echo";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, jsonHeaders } from "../support/users";

const full = { name: "Hijacked", description: "", personality: "witty", expertise: "general", instructions: "", voiceStyle: "default" };

it("someone else's Echo is 404 on every route and stays exactly as it was", async () => {
  const a = await createUser();
  const b = await createUser();
  const echo = await createEcho(a.user.id, { name: "A's Echo", isActive: true });
  const snapshot = () => env.DB.prepare("select * from echoes where user_id = ? order by id").bind(a.user.id).all();
  const before = await snapshot();

  const attempts: [string, string, unknown?][] = [
    ["GET", `/api/echoes/${echo.id}`],
    ["PUT", `/api/echoes/${echo.id}`, full],
    ["PATCH", `/api/echoes/${echo.id}`, { isActive: false }],
    ["PATCH", `/api/echoes/${echo.id}`, { name: "Mine now" }],
  ];
  for (const [method, path, body] of attempts) {
    const res = await exports.default.fetch(`${TEST_ORIGIN}${path}`, {
      method,
      headers: jsonHeaders(b),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
  }

  // B's lists never include it.
  for (const q of ["", "?active=true"]) {
    const res = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes${q}`, { headers: b.headers });
    expect(((await res.json()) as EchoList).echoes).toEqual([]);
  }
  expect((await snapshot()).results).toEqual(before.results);
  expect(before.results).toHaveLength(1);
});
