// User B against user A's calls and transcripts: every route answers 404 (or finds nothing) and
// nothing changes.
import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import type { CallListPage, CallSearchResult } from "../../../protocol/call-history";
import { createCall } from "../support/calls";
import { TEST_ORIGIN, createUser } from "../support/users";

it("someone else's call and transcript are 404 on every route and unchanged", async () => {
  const a = await createUser();
  const b = await createUser();
  const call = await createCall(a.user.id, {}, [
    { text: "A private conversation about pineapples", emotions: { joy: 0.7 } },
    { text: "Pineapples are lovely." },
  ]);
  const snapshot = async () => ({
    calls: (await env.DB.prepare("select * from calls where id = ?").bind(call.id).all()).results,
    entries: (await env.DB.prepare("select * from transcript_entries where call_id = ? order by seq").bind(call.id).all()).results,
  });
  const before = await snapshot();

  for (const path of [`/api/calls/${call.id}`, `/api/calls/${call.id}/export?format=txt`, `/api/calls/${call.id}/export?format=json`]) {
    const res = await exports.default.fetch(`${TEST_ORIGIN}${path}`, { headers: b.headers });
    expect(res.status, path).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
  }
  // Deleting someone else's call finds nothing (404) and deletes nothing.
  const del = await exports.default.fetch(`${TEST_ORIGIN}/api/calls/${call.id}`, { method: "DELETE", headers: b.headers });
  expect(del.status).toBe(404);
  // Other writes to calls do not exist for anyone (405, the same answer the owner gets): still no way in.
  for (const method of ["PUT", "PATCH", "POST"]) {
    const ask = (headers: Record<string, string>) =>
      exports.default.fetch(`${TEST_ORIGIN}/api/calls/${call.id}`, { method, headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ status: "deleted" }) });
    const res = await ask(b.headers);
    expect(res.status, method).toBe(405);
    expect((await ask(a.headers)).status, `${method} by the owner`).toBe(405);
  }

  const list = await exports.default.fetch(`${TEST_ORIGIN}/api/calls`, { headers: b.headers });
  expect(((await list.json()) as CallListPage).calls).toEqual([]);
  const search = await exports.default.fetch(`${TEST_ORIGIN}/api/calls/search?q=pineapple`, { headers: b.headers });
  expect(((await search.json()) as CallSearchResult).hits).toEqual([]);

  // A still sees it all.
  const own = await exports.default.fetch(`${TEST_ORIGIN}/api/calls/search?q=pineapple`, { headers: a.headers });
  expect(((await own.json()) as CallSearchResult).hits).toHaveLength(2);

  expect(await snapshot()).toEqual(before);
  expect(before.entries).toHaveLength(2);
});
