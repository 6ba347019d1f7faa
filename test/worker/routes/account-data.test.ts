// What a person can take away or erase (issue 43 §2): GET /api/account/export (one zip of everything of
// the account, nobody else's) and DELETE /api/account (confirmed; D1, R2, every call object's storage
// and the change feed's go; the old session is dead; an account made again with the email starts empty).
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import type { CallExport, CallListPage } from "../../../protocol/call-history";
import type { EchoList } from "../../../protocol/echo";
import type { MeResponse } from "../../../protocol/api";
import { CLOSE_SIGNED_OUT } from "../../../protocol/sockets";
import { hashPassword } from "../../../worker/auth/password";
import { SESSION_COOKIE } from "../../../worker/auth/session";
import type { CallSession } from "../../../worker/call/CallSession";
import type { UserFeed } from "../../../worker/feed/UserFeed";
import { listChunks, putChunk } from "../../../worker/recordings/objects";
import { db } from "../../../worker/db/client";
import { rememberItem } from "../../../worker/memory/store";
import type { MemoryItem } from "../../../protocol/memory";
import { callRow, callStub, eventually } from "../support/call";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { api, invite, say, startBriefCall, viewer } from "../support/live";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";
import { connect } from "../support/ws";

const PASSWORD = "correct horse battery";
const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;

/** Rows in every table of a Durable Object's SQLite storage (a wiped object has none). */
function rowsIn(state: DurableObjectState): number {
  const tables = state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").toArray();
  return tables.reduce((n, t) => n + state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM "${t.name}"`).one().n, 0);
}
const callObjectRows = (callId: string) => runInDurableObject(callStub(callId), (_: CallSession, state) => rowsIn(state));
const feedStub = (userId: string) => env.USER_FEED.get(env.USER_FEED.idFromName(userId));

async function passwordUser(): Promise<TestUser> {
  return createUser({ passwordHash: await hashPassword(PASSWORD) });
}

/** An ended browser call of `owner` with a typed turn and one recording chunk. */
async function endedCall(owner: TestUser): Promise<string> {
  const call = await startBriefCall({ owner });
  await say(call.socket, "I feel calm and happy");
  call.socket.send({ type: "end_call" });
  await call.socket.next("call_ended");
  await eventually(async () => (await callRow(call.callId))?.status === "completed");
  await putChunk(env.RECORDINGS!, call.callId, 0, new Int16Array(1600).fill(1000));
  await env.DB.prepare("update calls set recording_started_at = start_time where id = ?").bind(call.callId).run();
  return call.callId;
}

describe("GET /api/account/export", { timeout: 60_000 }, () => {
  it("is one zip with the profile, Echoes, each call's transcript and summary, and its recording; nobody else's", async () => {
    const owner = await passwordUser();
    const echo = await createEcho(owner.user.id, { name: "Juniper" });
    const callId = await endedCall(owner);
    const other = await createUser();
    const theirs = await createCall(other.user.id, {}, [{ text: "someone else's secret" }]);
    await rememberItem(db(env.DB), { userId: owner.user.id, echoId: echo.id }, { kind: "event", subject: "maria wedding", text: "Maria's wedding is on Saturday.", sourceCallId: callId, saidAt: 1000 });
    const theirEcho = await createEcho(other.user.id, { name: "Theirs" });
    await rememberItem(db(env.DB), { userId: other.user.id, echoId: theirEcho.id }, { kind: "concern", subject: "secret worry", text: "someone else's worry", sourceCallId: null, saidAt: 1000 });

    const res = await exports.default.fetch(`${TEST_ORIGIN}/api/account/export`, { headers: { Cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="echo-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files);

    const profile = JSON.parse(strFromU8(files["profile.json"]!)) as { profile: { email: string }; signsInWith: string };
    expect(profile.profile.email).toBe(owner.user.email);
    expect(profile.signsInWith).toBe("password");
    expect(strFromU8(files["profile.json"]!)).not.toContain("scrypt"); // never the password hash
    const { echoes } = JSON.parse(strFromU8(files["echoes.json"]!)) as EchoList;
    expect(echoes.map((e) => e.name)).toContain(echo.name);
    const { memory } = JSON.parse(strFromU8(files["memory.json"]!)) as { memory: MemoryItem[] };
    // What was remembered for the test (and what the call itself left, e.g. its mood), the owner's only.
    expect(memory.map((m) => [m.text, m.echoId, m.sourceCallId])).toContainEqual(["Maria's wedding is on Saturday.", echo.id, callId]);
    const ownEchoes = new Set(echoes.map((e) => e.id));
    expect(memory.every((m) => ownEchoes.has(m.echoId))).toBe(true);

    const folder = names.find((n) => n.includes(callId) && n.endsWith("/call.json"))!.replace(/\/call\.json$/, "");
    const exported = JSON.parse(strFromU8(files[`${folder}/call.json`]!)) as CallExport;
    expect(exported.call.transcript.map((e) => e.text)).toContain("I feel calm and happy");
    expect(exported.call.recap).not.toBeNull();
    expect(strFromU8(files[`${folder}/transcript.txt`]!)).toContain("Caller: I feel calm and happy");
    const wav = files[`${folder}/recording.wav`]!;
    expect(strFromU8(wav.subarray(0, 4))).toBe("RIFF");
    expect(wav.length).toBe(44 + 3200);
    expect(strFromU8(files["README.txt"]!)).toContain("Recordings included: 1");

    expect(names.some((n) => n.includes(theirs.id))).toBe(false);
    expect(Object.values(files).some((bytes) => strFromU8(bytes).includes("someone else's secret"))).toBe(false);
    expect(Object.values(files).some((bytes) => strFromU8(bytes).includes("someone else's worry"))).toBe(false);
  });

  it("needs a session (401)", async () => {
    const res = await exports.default.fetch(`${TEST_ORIGIN}/api/account/export`);
    expect(res.status).toBe(401);
  });
});

describe("DELETE /api/account", { timeout: 60_000 }, () => {
  it("asks for the password: none or a wrong one changes nothing", async () => {
    const owner = await passwordUser();
    const missing = await api(owner, "DELETE", "/api/account", {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: "missing-password" } });
    const wrong = await api(owner, "DELETE", "/api/account", { password: "not it" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: "wrong-password", message: "Incorrect password." } });
    const foreign = await exports.default.fetch(`${TEST_ORIGIN}/api/account`, {
      method: "DELETE",
      headers: { Cookie: owner.cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(foreign.status).toBe(403);
    expect(await count("select count(*) as n from users where id = ?", owner.user.id)).toBe(1);
  });

  it("deletes everything of the account everywhere; the old session is dead; the same email starts empty", async () => {
    const owner = await passwordUser();
    await createEcho(owner.user.id, { name: "Willow" });
    const callId = await endedCall(owner);
    const feed = await connect("/ws/feed", { cookie: owner.cookie });
    expect(await callObjectRows(callId)).toBeGreaterThan(0);
    expect(await count("select count(*) as n from call_days where user_id = ?", owner.user.id)).toBeGreaterThan(0);

    expect((await api(owner, "DELETE", "/api/account", { password: PASSWORD })).status).toBe(204);

    for (const [table, column] of [["users", "id"], ["sessions", "user_id"], ["echoes", "user_id"], ["calls", "user_id"], ["call_days", "user_id"], ["topic_days", "user_id"], ["latency_days", "user_id"], ["trusted_browsers", "user_id"]] as const) {
      expect(await count(`select count(*) as n from ${table} where ${column} = ?`, owner.user.id), table).toBe(0);
    }
    expect(await count("select count(*) as n from transcript_entries where call_id = ?", callId)).toBe(0);
    expect(await count("select count(*) as n from auth_throttle where key = ?", `acct:${owner.user.email}`)).toBe(0);
    expect(await listChunks(env.RECORDINGS!, callId)).toEqual([]);
    expect(await callObjectRows(callId)).toBe(0);
    expect(await runInDurableObject(feedStub(owner.user.id), (_: UserFeed, state) => rowsIn(state))).toBe(0);
    expect((await feed.closed).code).toBe(CLOSE_SIGNED_OUT);

    // The old cookie is no session any more.
    const me = await exports.default.fetch(`${TEST_ORIGIN}/api/auth/me`, { headers: { Cookie: owner.cookie } });
    expect(((await me.json()) as MeResponse).user).toBeNull();
    expect((await api(owner, "GET", "/api/calls")).status).toBe(401);

    // Signing up again with the address makes a new, empty account.
    const again = await exports.default.fetch(`${TEST_ORIGIN}/api/auth/sign-up`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ email: owner.user.email, password: "another password" }),
    });
    expect(again.status).toBe(201);
    const cookie = again.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const list = await exports.default.fetch(`${TEST_ORIGIN}/api/calls`, { headers: { Cookie: cookie } });
    expect(((await list.json()) as CallListPage).calls).toEqual([]);
    const echoes = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes`, { headers: { Cookie: cookie } });
    expect(((await echoes.json()) as EchoList).echoes.map((e) => e.name)).not.toContain("Willow");
  });

  it("closes the views it had open on other people's live calls; their calls go on", async () => {
    const guest = await passwordUser();
    const call = await startBriefCall();
    expect((await invite(call.owner, call.callId, guest.user.email)).status).toBe(201);
    const watching = await viewer(call.callId, guest);
    await watching.next("live_snapshot");
    expect((await api(guest, "DELETE", "/api/account", { password: PASSWORD })).status).toBe(204);
    expect((await watching.closed).code).toBe(CLOSE_SIGNED_OUT);
    expect((await callRow(call.callId))?.status).toBe("in-progress");
    expect(await count("select count(*) as n from call_participants where user_id = ?", guest.user.id)).toBe(0);
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended");
  });

  it("a Google account confirms by typing its email; while a call is in progress it is refused (409)", async () => {
    const owner = await createUser({ googleSub: `google-${crypto.randomUUID()}` });
    const mismatch = await api(owner, "DELETE", "/api/account", { email: "someone@else.example" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ error: { code: "email-mismatch" } });

    const call = await startBriefCall({ owner });
    const busy = await api(owner, "DELETE", "/api/account", { email: owner.user.email.toUpperCase() });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ error: { code: "call-in-progress" } });
    expect(await count("select count(*) as n from users where id = ?", owner.user.id)).toBe(1);
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended");
    await eventually(async () => (await callRow(call.callId))?.status === "completed");

    expect((await api(owner, "DELETE", "/api/account", { email: ` ${owner.user.email.toUpperCase()} ` })).status).toBe(204);
    expect(await count("select count(*) as n from users where id = ?", owner.user.id)).toBe(0);
    expect(await count("select count(*) as n from calls where id = ?", call.callId)).toBe(0);
  });
});
