// Public-line calls (callers who belong to no account) are kept PUBLIC_CALL_RETENTION_DAYS (30 by
// default): the daily job deletes older ones everywhere (D1 with transcript and number, the call
// object's storage, any recording); calls of accounts and newer public calls stay.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CallSession } from "../../../worker/call/CallSession";
import { DEFAULT_PUBLIC_CALL_RETENTION_DAYS, readConfig } from "../../../worker/config/config";
import worker from "../../../worker/index";
import { deleteExpiredPublicCalls } from "../../../worker/jobs/public-call-retention";
import { listChunks, putChunk } from "../../../worker/recordings/objects";
import { callRow, callStub, d1Transcript } from "../support/call";
import { createCall } from "../support/calls";
import { createUser } from "../support/users";

const DAY = 86_400_000;

/** A public-line call started `daysAgo` days ago, with a transcript and a call object holding its state. */
async function publicCall(daysAgo: number) {
  const row = await createCall("", { userId: null, startTime: Date.now() - daysAgo * DAY, fromNumber: "+15550109999" }, [{ text: "my number is private" }, { text: "I hear you" }]);
  await runInDurableObject(callStub(row.id), (_: CallSession, state) => {
    state.storage.sql.exec("INSERT INTO call_state (id, json) VALUES (1, ?)", JSON.stringify({ callId: row.id, userId: null, phase: "ended", d1Finalized: true, fromNumber: row.fromNumber }));
  });
  return row;
}

const objectState = (callId: string) =>
  runInDurableObject(callStub(callId), (_: CallSession, state) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'call_state'").toArray().length > 0 ? state.storage.sql.exec("SELECT COUNT(*) AS n FROM call_state").one().n : 0);

describe("public-line call retention", () => {
  it("defaults to 30 days", () => {
    expect(DEFAULT_PUBLIC_CALL_RETENTION_DAYS).toBe(30);
    expect(readConfig({ ...env, PUBLIC_CALL_RETENTION_DAYS: "" }).publicCallRetentionDays).toBe(30);
    expect(() => readConfig({ ...env, PUBLIC_CALL_RETENTION_DAYS: "0" })).toThrow(/PUBLIC_CALL_RETENTION_DAYS/);
  });

  it("the daily job deletes public calls past it everywhere; newer ones and account calls stay", async () => {
    const old = await publicCall(31);
    await putChunk(env.RECORDINGS!, old.id, 0, new Int16Array(160));
    const recent = await publicCall(29);
    const owner = await createUser();
    const owned = await createCall(owner.user.id, { startTime: Date.now() - 200 * DAY }, [{ text: "mine" }]);
    expect(await objectState(old.id)).toBe(1);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "30 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await callRow(old.id)).toBeNull();
    expect(await d1Transcript(old.id)).toEqual([]);
    expect(await objectState(old.id)).toBe(0);
    expect(await listChunks(env.RECORDINGS!, old.id)).toEqual([]);
    expect(await callRow(recent.id)).not.toBeNull();
    expect(await objectState(recent.id)).toBe(1);
    expect(await d1Transcript(owned.id)).toHaveLength(1);
  });

  it("leaves a call whose object can't be wiped (in progress there) for the next run, and goes on with the others", async () => {
    const stuck = await publicCall(40);
    await runInDurableObject(callStub(stuck.id), (_: CallSession, state) => {
      state.storage.sql.exec("UPDATE call_state SET json = ?", JSON.stringify({ callId: stuck.id, userId: null, phase: "active", d1Finalized: false }));
    });
    const other = await publicCall(41);
    const result = await deleteExpiredPublicCalls(env);
    expect(result.failed).toContain(stuck.id);
    expect(result.deleted).toContain(other.id);
    expect(await callRow(stuck.id)).not.toBeNull();
    expect(await callRow(other.id)).toBeNull();
  });
});
