import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CallDetail, CallExport, CallListPage, CallSearchResult } from "../../../protocol/call-history";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";

const BASE = `${TEST_ORIGIN}/api/calls`;

async function get<T>(u: TestUser, path: string, status = 200): Promise<T> {
  const res = await exports.default.fetch(`${BASE}${path}`, { headers: u.headers });
  expect(res.status, `${path}: ${res.status}`).toBe(status);
  return (await res.json()) as T;
}

describe("call history list", () => {
  it("lists only the user's calls, newest start first, paginated by cursor", async () => {
    const u = await createUser();
    const other = await createUser();
    await createCall(other.user.id, { startTime: 9_999_999 });
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createCall(u.user.id, { startTime: 1_000_000 + (i % 5) * 1000 }));
    const expected = [...made].sort((a, b) => b.startTime - a.startTime || (a.id < b.id ? 1 : -1)).map((c) => c.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: CallListPage = await get<CallListPage>(u, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.calls.length).toBeLessThanOrEqual(3);
      seen.push(...page.calls.map((c) => c.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
  });

  it("summarises a call: status as stored, duration, number, Echo name and a 100-character preview", async () => {
    const u = await createUser();
    const echo = await createEcho(u.user.id, { name: "Sage" });
    const long = "word ".repeat(40).trim();
    await createCall(u.user.id, { status: "no-answer", duration: 75, fromNumber: "+15550109999", echoId: echo.id }, [
      { text: "Hi." },
      { text: long },
    ]);
    const [call] = (await get<CallListPage>(u, "")).calls;
    expect(call).toMatchObject({ status: "no-answer", duration: 75, fromNumber: "+15550109999", echoName: "Sage", callType: "phone" });
    expect(call?.preview).toBe(`Hi. ${long}`.slice(0, 100));
    expect(call?.preview).toHaveLength(100);
    expect(call?.previewTruncated).toBe(true);
  });

  it("marks a short transcript as complete and an empty one as empty", async () => {
    const u = await createUser();
    await createCall(u.user.id, { startTime: 2 }, [{ text: "Hello there." }, { text: "Hi! How can I help?" }]);
    await createCall(u.user.id, { startTime: 1 });
    const { calls } = await get<CallListPage>(u, "");
    expect(calls.map((c) => [c.preview, c.previewTruncated])).toEqual([
      ["Hello there. Hi! How can I help?", false],
      ["", false],
    ]);
  });

  it("filters by call type", async () => {
    const u = await createUser();
    const phone = await createCall(u.user.id, { callType: "phone" });
    const test = await createCall(u.user.id, { callType: "browser_test", fromNumber: null });
    expect((await get<CallListPage>(u, "?callType=phone")).calls.map((c) => c.id)).toEqual([phone.id]);
    expect((await get<CallListPage>(u, "?callType=browser_test")).calls.map((c) => c.id)).toEqual([test.id]);
  });

  it("refuses bad limits, types and cursors with 400", async () => {
    const u = await createUser();
    for (const q of ["?limit=0", "?limit=101", "?limit=abc", "?callType=fax", "?cursor=%%%", `?cursor=${btoa("nonsense")}`]) {
      const body = await get<{ error: { code: string } }>(u, q, 400);
      expect(body.error.code, q).toBe("invalid-request");
    }
  });

  it("needs a signed-in user", async () => {
    const res = await exports.default.fetch(BASE);
    expect(res.status).toBe(401);
  });
});

describe("one call", () => {
  it("returns the whole transcript in seq order with emotions, interruptions and latency", async () => {
    const u = await createUser();
    const latency = { transcribeMs: 210, firstTokenMs: 480, firstAudioMs: 730 };
    const call = await createCall(u.user.id, {}, [
      { text: "I'm worried about tomorrow.", emotions: { fear: 0.6123, calm: 0.1 } },
      { text: "That sounds hard. Tell me", interrupted: true, latency },
      { text: "It's the interview.", emotions: { fear: 0.4 } },
    ]);
    const detail = await get<CallDetail>(u, `/${call.id}`);
    expect(detail).toMatchObject({ id: call.id, endReason: "caller_hung_up", status: "completed" });
    expect(detail.transcript.map((e) => [e.seq, e.speaker, e.text])).toEqual([
      [0, "caller", "I'm worried about tomorrow."],
      [1, "assistant", "That sounds hard. Tell me"],
      [2, "caller", "It's the interview."],
    ]);
    expect(detail.transcript[0]).toMatchObject({ emotions: { fear: 0.6123, calm: 0.1 }, interrupted: false, latency: null });
    expect(detail.transcript[1]).toMatchObject({ interrupted: true, latency });
  });

  it("exports the transcript as text and JSON attachments", async () => {
    const u = await createUser();
    const call = await createCall(u.user.id, { startTime: Date.UTC(2026, 10, 21, 9, 30), duration: 125 }, [
      { text: "Good morning.", at: 2000, emotions: { joy: 0.823, calm: 0.1 } },
      { text: "Morning! What's on", at: 65_000, interrupted: true },
    ]);
    const txt = await exports.default.fetch(`${BASE}/${call.id}/export?format=txt`, { headers: u.headers });
    expect(txt.status).toBe(200);
    expect(txt.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(txt.headers.get("content-disposition")).toMatch(/^attachment; filename="echo-call-2026-11-21-[a-z0-9]{8}\.txt"$/);
    const text = await txt.text();
    expect(text).toContain("Duration: 2:05");
    expect(text).toContain("Phone call from +15550101234");
    expect(text).toContain("[0:02] Caller: Good morning. (joy 82.3%, calm 10.0%)");
    expect(text).toContain("[1:05] Assistant: Morning! What's on [interrupted]");

    const json = await exports.default.fetch(`${BASE}/${call.id}/export?format=json`, { headers: u.headers });
    expect(json.headers.get("content-disposition")).toMatch(/\.json"$/);
    const body = (await json.json()) as CallExport;
    expect(body.call.id).toBe(call.id);
    expect(body.call.transcript.map((e) => e.text)).toEqual(["Good morning.", "Morning! What's on"]);

    const bad = await exports.default.fetch(`${BASE}/${call.id}/export?format=pdf`, { headers: u.headers });
    expect(bad.status).toBe(400);
  });

  it("answers 404 for an unknown id", async () => {
    const u = await createUser();
    await get(u, "/does-not-exist", 404);
    await get(u, "/does-not-exist/export?format=json", 404);
  });
});

describe("transcript search", () => {
  it("finds the user's entries containing the words, case-insensitively, newest call first", async () => {
    const u = await createUser();
    const other = await createUser();
    await createCall(other.user.id, {}, [{ text: "my secret interview" }]);
    const older = await createCall(u.user.id, { startTime: 1000 }, [{ text: "The Interview went well" }, { text: "Great!" }]);
    const newer = await createCall(u.user.id, { startTime: 2000 }, [{ text: "hello" }, { text: "About your interview…" }]);
    const r = await get<CallSearchResult>(u, "/search?q=INTERVIEW");
    expect(r.hits.map((h) => [h.callId, h.entry.text])).toEqual([
      [newer.id, "About your interview…"],
      [older.id, "The Interview went well"],
    ]);
    expect(r.truncated).toBe(false);
  });

  it("treats % and _ literally", async () => {
    const u = await createUser();
    await createCall(u.user.id, {}, [{ text: "a 100% sure thing" }, { text: "snake_case" }, { text: "100 percent" }, { text: "snakeXcase" }]);
    expect((await get<CallSearchResult>(u, "/search?q=100%25")).hits.map((h) => h.entry.text)).toEqual(["a 100% sure thing"]);
    expect((await get<CallSearchResult>(u, "/search?q=e_c")).hits.map((h) => h.entry.text)).toEqual(["snake_case"]);
    expect((await get<CallSearchResult>(u, "/search?q=%25")).hits.map((h) => h.entry.text)).toEqual(["a 100% sure thing"]);
  });

  it("refuses an empty or oversized query", async () => {
    const u = await createUser();
    await get(u, "/search?q=", 400);
    await get(u, "/search?q=%20%20", 400);
    await get(u, `/search?q=${"x".repeat(201)}`, 400);
  });
});
