// Call History's filters (Echo, status, start time, with type and safety) done by GET /api/calls, paging
// through the filtered list, and the filtered list as CSV (?format=csv).
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type CallListPage, CALLS_CSV_TRUNCATED_HEADER } from "../../../protocol/call-history";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";

const BASE = `${TEST_ORIGIN}/api/calls`;

async function list(u: TestUser, query: string): Promise<string[]> {
  const res = await exports.default.fetch(`${BASE}?${query}`, { headers: u.headers });
  expect(res.status, query).toBe(200);
  return ((await res.json()) as CallListPage).calls.map((c) => c.id);
}

describe("call history filters", () => {
  it("keeps only the calls of one Echo, one status and a start-time range, each alone and together", async () => {
    const u = await createUser();
    const sage = await createEcho(u.user.id, { name: "Sage" });
    const max = await createEcho(u.user.id, { name: "Max" });
    const a = await createCall(u.user.id, { echoId: sage.id, status: "completed", startTime: 1_000 });
    const b = await createCall(u.user.id, { echoId: sage.id, status: "abandoned", startTime: 2_000 });
    const c = await createCall(u.user.id, { echoId: max.id, status: "completed", startTime: 3_000 });
    const d = await createCall(u.user.id, { echoId: max.id, status: "in-progress", startTime: 4_000, endTime: null, duration: null });
    expect(await list(u, `echoId=${sage.id}`)).toEqual([b.id, a.id]);
    expect(await list(u, "status=completed")).toEqual([c.id, a.id]);
    expect(await list(u, "status=in-progress")).toEqual([d.id]);
    expect(await list(u, "since=2000&until=3000")).toEqual([c.id, b.id]);
    expect(await list(u, "since=3000")).toEqual([d.id, c.id]);
    expect(await list(u, "until=1000")).toEqual([a.id]);
    expect(await list(u, `echoId=${max.id}&status=completed&since=1000&until=4000`)).toEqual([c.id]);
    expect(await list(u, `echoId=${sage.id}&status=failed`)).toEqual([]);
  });

  it("never shows another user's calls through their Echo's id", async () => {
    const u = await createUser();
    const other = await createUser();
    const theirs = await createEcho(other.user.id);
    await createCall(other.user.id, { echoId: theirs.id });
    expect(await list(u, `echoId=${theirs.id}`)).toEqual([]);
  });

  it("pages through a filtered list with its cursor", async () => {
    const u = await createUser();
    const sage = await createEcho(u.user.id);
    const mine: string[] = [];
    for (let i = 0; i < 7; i++) {
      const call = await createCall(u.user.id, { echoId: i % 2 === 0 ? sage.id : null, startTime: 10_000 + i * 1000 });
      if (i % 2 === 0) mine.unshift(call.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await exports.default.fetch(`${BASE}?limit=2&echoId=${sage.id}${cursor ? `&cursor=${cursor}` : ""}`, { headers: u.headers });
      const page = (await res.json()) as CallListPage;
      seen.push(...page.calls.map((c) => c.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(mine);
    expect(pages).toBe(2);
  });

  it("refuses bad filters with a 400 that names the parameter, and changes nothing", async () => {
    const u = await createUser();
    const cases: Array<[string, RegExp]> = [
      ["status=ringing", /^status: must be one of/],
      ["since=yesterday", /^since: /],
      ["until=-5", /^until: /],
      ["since=1.5", /^since: /],
      ["since=5000&until=1000", /^since: since must not be after until/],
      ["echoId=", /^echoId: /],
      ["format=xlsx", /^format: must be json or csv/],
    ];
    for (const [q, message] of cases) {
      const res = await exports.default.fetch(`${BASE}?${q}`, { headers: u.headers });
      expect(res.status, q).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, q).toBe("invalid-request");
      expect(body.error.message, q).toMatch(message);
    }
  });
});

describe("call history as CSV", () => {
  it("answers the whole filtered list as a CSV attachment, formulas guarded", async () => {
    const u = await createUser();
    const sage = await createEcho(u.user.id, { name: "Sage, the calm one" });
    await createCall(u.user.id, { echoId: sage.id, startTime: Date.UTC(2026, 10, 30, 8), duration: 75 }, [{ text: "=1+1 said the caller" }]);
    await createCall(u.user.id, { echoId: sage.id, startTime: Date.UTC(2026, 10, 30, 9), status: "abandoned" });
    await createCall(u.user.id, { startTime: Date.UTC(2026, 10, 30, 10) }); // another Echo: filtered out
    const res = await exports.default.fetch(`${BASE}?format=csv&echoId=${sage.id}&limit=1`, { headers: u.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="echo-calls-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get(CALLS_CSV_TRUNCATED_HEADER)).toBeNull();
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Call ID,Started (UTC),Ended (UTC),Duration (s),Status,Type,Echo,Caller,Safety alert,Summary or transcript");
    expect(lines).toHaveLength(4); // header, two calls (the page limit does not apply), the final CRLF
    expect(lines[1]).toMatch(/^[^,]+,2026-11-30T09:00:00.000Z,[^,]+,45,abandoned,Phone call,"Sage, the calm one",'\+15550101234,,$/);
    expect(lines[2]).toMatch(/,75,completed,Phone call,"Sage, the calm one",'\+15550101234,,'=1\+1 said the caller$/);
  });

  it("needs a signed-in user and keeps to the user's own calls", async () => {
    const u = await createUser();
    const other = await createUser();
    await createCall(other.user.id);
    const anon = await exports.default.fetch(`${BASE}?format=csv`);
    expect(anon.status).toBe(401);
    const res = await exports.default.fetch(`${BASE}?format=csv`, { headers: u.headers });
    expect((await res.text()).replace(/^\uFEFF/, "").split("\r\n")).toHaveLength(2);
  });
});
