// Deleting a call (DELETE /api/calls/:id): its transcript, summary, invitations and Insights figures in
// D1, its recording in R2 and its object's storage all go; only its owner may, and not while it runs.
// Deleting an Echo (DELETE /api/echoes/:id): its calls stay and keep its name.
import { env, exports } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CallDetail, CallListPage } from "../../../protocol/call-history";
import { ENDED_CALL_KEPT_MS, type CallSession } from "../../../worker/call/CallSession";
import { listChunks, putChunk } from "../../../worker/recordings/objects";
import { callRow, callStub, eventually } from "../support/call";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { api, invite, say, startBriefCall } from "../support/live";
import { createUser } from "../support/users";
import { db } from "../../../worker/db/client";
import { rememberItem } from "../../../worker/memory/store";

/** The tables in the call object's SQLite storage that hold rows (an erased object holds none). */
async function storedRows(callId: string): Promise<number> {
  return runInDurableObject(callStub(callId), (_: CallSession, state) => {
    const tables = state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").toArray();
    return tables.reduce((n, t) => n + state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM "${t.name}"`).one().n, 0);
  });
}

const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;

describe("DELETE /api/calls/:id", { timeout: 60_000 }, () => {
  it("removes the call from D1, R2 and its object's storage; the Insights sums follow", async () => {
    const call = await startBriefCall();
    const guest = await createUser();
    expect((await invite(call.owner, call.callId, guest.user.email)).status).toBe(201);
    await say(call.socket, "I feel happy today");
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended");
    await eventually(async () => (await callRow(call.callId))?.status === "completed");
    await putChunk(env.RECORDINGS!, call.callId, 0, new Int16Array(1600));
    const userId = call.owner.user.id;
    expect(await count("select count(*) as n from transcript_entries where call_id = ?", call.callId)).toBeGreaterThan(0);
    expect(await count("select coalesce(sum(calls), 0) as n from call_days where user_id = ?", userId)).toBe(1);
    expect(await storedRows(call.callId)).toBeGreaterThan(0);
    // What the Echo remembered from this call goes with it; a fact from no call (or another) stays.
    const scope = { userId, echoId: call.echo.id };
    await rememberItem(db(env.DB), scope, { kind: "event", subject: "maria wedding", text: "Maria's wedding is on Saturday.", sourceCallId: call.callId, saidAt: 1000 });
    await rememberItem(db(env.DB), scope, { kind: "preference", subject: "tea", text: "I like tea.", sourceCallId: null, saidAt: 1000 });

    // A stranger and a participant get 404 and change nothing.
    for (const who of [await createUser(), guest]) expect((await api(who, "DELETE", `/api/calls/${call.callId}`)).status).toBe(404);
    expect(await callRow(call.callId)).not.toBeNull();

    expect((await api(call.owner, "DELETE", `/api/calls/${call.callId}`)).status).toBe(204);
    expect(await callRow(call.callId)).toBeNull();
    for (const table of ["transcript_entries", "call_participants", "call_summaries", "call_figures", "call_topics"]) {
      expect(await count(`select count(*) as n from ${table} where call_id = ?`, call.callId), table).toBe(0);
    }
    expect(await count("select coalesce(sum(calls), 0) as n from call_days where user_id = ?", userId)).toBe(0);
    expect(await count("select count(*) as n from memories where source_call_id = ?", call.callId)).toBe(0);
    expect(await count("select count(*) as n from memories where user_id = ? and subject = 'tea'", userId)).toBe(1);
    expect(await listChunks(env.RECORDINGS!, call.callId)).toEqual([]);
    expect(await storedRows(call.callId)).toBe(0);
    expect((await api(call.owner, "GET", `/api/calls/${call.callId}`)).status).toBe(404);
    expect((await api(call.owner, "DELETE", `/api/calls/${call.callId}`)).status).toBe(404);
  });

  it("refuses a call in progress (409) and one from another Origin (403), changing nothing", async () => {
    const call = await startBriefCall();
    const live = await api(call.owner, "DELETE", `/api/calls/${call.callId}`);
    expect(live.status).toBe(409);
    expect(await live.json()).toMatchObject({ error: { code: "call-in-progress" } });
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended");
    await eventually(async () => (await callRow(call.callId))?.status === "completed");
    const res = await exports.default.fetch(`https://echo.test/api/calls/${call.callId}`, { method: "DELETE", headers: { Cookie: call.owner.cookie, Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await callRow(call.callId)).not.toBeNull();
  });
});

describe("an ended call's object storage", { timeout: 60_000 }, () => {
  it("is kept for ENDED_CALL_KEPT_MS after the final D1 write, then wiped by the alarm (D1 keeps the call)", async () => {
    const call = await startBriefCall();
    await say(call.socket, "Hello there");
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended");
    await eventually(async () => (await callRow(call.callId))?.status === "completed");
    const finalizedAt = await eventually(async () =>
      runInDurableObject(callStub(call.callId), (_: CallSession, state) => {
        const row = state.storage.sql.exec<{ json: string }>("SELECT json FROM call_state").toArray()[0];
        return row ? ((JSON.parse(row.json) as { finalizedAt?: number }).finalizedAt ?? false) : false;
      }),
    );
    // Early, the alarm keeps everything and sets itself for the wipe.
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(true);
    expect(await storedRows(call.callId)).toBeGreaterThan(0);
    const alarm = await runInDurableObject(callStub(call.callId), (_: CallSession, state) => state.storage.getAlarm());
    expect(alarm).toBe(Number(finalizedAt) + ENDED_CALL_KEPT_MS);

    // Once the time has come (moved back here), the alarm wipes the storage.
    await runInDurableObject(callStub(call.callId), (_: CallSession, state) => {
      const row = state.storage.sql.exec<{ json: string }>("SELECT json FROM call_state").one();
      const json = { ...(JSON.parse(row.json) as object), finalizedAt: Date.now() - ENDED_CALL_KEPT_MS - 1 };
      state.storage.sql.exec("UPDATE call_state SET json = ?", JSON.stringify(json));
    });
    await evictDurableObject(callStub(call.callId)); // a fresh instance reads the state back
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(true);
    expect(await storedRows(call.callId)).toBe(0);
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(false);
    const detail = await (await api(call.owner, "GET", `/api/calls/${call.callId}`)).json<CallDetail>();
    expect(detail.transcript.map((e) => e.text)).toContain("Hello there");
  });
});

describe("DELETE /api/echoes/:id", () => {
  it("deletes the Echo; its calls stay, showing its name; someone else's Echo is 404", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id, { name: "Marigold" });
    const made = await createCall(owner.user.id, { echoId: echo.id });
    expect((await api(await createUser(), "DELETE", `/api/echoes/${echo.id}`)).status).toBe(404);
    expect((await api(owner, "DELETE", `/api/echoes/${echo.id}`)).status).toBe(204);
    expect((await api(owner, "GET", `/api/echoes/${echo.id}`)).status).toBe(404);
    const list = await (await api(owner, "GET", "/api/calls")).json<CallListPage>();
    expect(list.calls.find((c) => c.id === made.id)).toMatchObject({ echoId: null, echoName: "Marigold" });
    expect((await api(owner, "DELETE", `/api/echoes/${echo.id}`)).status).toBe(404);
  });
});
