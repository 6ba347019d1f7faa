// D1 writes of a call's lifecycle: the row created at start (in progress), transcript entries upserted
// while it runs, and one idempotent finalization that counts the call exactly once. Entries the safety
// net marked flag their call (calls.safety_alert: the most urgent category seen) in the same batch.
import { and, eq, sql } from "drizzle-orm";
import type { CallType, TranscriptEntry } from "../../protocol/call-messages";
import { SAFETY_CATEGORIES, type SafetyCategory } from "../../protocol/safety";
import type { Db } from "./client";
import type { EchoRow } from "./echoes";
import { calls, echoes, transcriptEntries, users } from "./schema";

import { CALL_IN_PROGRESS } from "../../protocol/call-history";

export { CALL_IN_PROGRESS };


/** The user's Echo if it exists and is active; null otherwise (someone else's id finds nothing). */
export async function findCallableEcho(database: Db, userId: string, echoId: string): Promise<EchoRow | null> {
  const row = await database
    .select()
    .from(echoes)
    .where(and(eq(echoes.id, echoId), eq(echoes.userId, userId), eq(echoes.isActive, true)))
    .get();
  return row ?? null;
}

export interface NewCall {
  id: string;
  userId: string | null;
  echoId: string | null;
  callType: CallType;
  startTime: number;
  fromNumber?: string | null;
  providerCallId?: string | null;
  /** The caller is known to be the owner (issue 42 §4); false unless proven. */
  callerVerified?: boolean;
}

/** Creates the call row (status in-progress). Replaying it for an existing id changes nothing. */
export async function createCallRow(database: Db, call: NewCall): Promise<void> {
  await database
    .insert(calls)
    .values({
      id: call.id,
      userId: call.userId,
      echoId: call.echoId,
      callType: call.callType,
      status: CALL_IN_PROGRESS,
      startTime: call.startTime,
      fromNumber: call.fromNumber ?? null,
      providerCallId: call.providerCallId ?? null,
      callerVerified: call.callerVerified ?? false,
    })
    .onConflictDoNothing({ target: calls.id });
}

/**
 * Creates a browser test call's row (in progress) unless `userId` already has `maxAtOnce` test calls in
 * progress; false when refused. The count and the insert are one statement, so calls started at once
 * cannot all pass the limit (the status is written out, not bound, so that SQLite counts them on the
 * partial index calls_user_in_progress_idx). Replaying it for an existing id changes nothing (and
 * answers true).
 */
export async function createTestCallRow(database: Db, call: { id: string; userId: string; echoId: string; startTime: number }, maxAtOnce: number): Promise<boolean> {
  // A browser test call is made by the signed-in owner: its caller is verified (issue 42 §4).
  await database.run(sql`INSERT INTO ${calls} (id, user_id, echo_id, call_type, status, start_time, caller_verified)
    SELECT ${call.id}, ${call.userId}, ${call.echoId}, 'browser_test', 'in-progress', ${call.startTime}, 1
    WHERE (SELECT COUNT(*) FROM ${calls} WHERE user_id = ${call.userId} AND call_type = 'browser_test' AND status = 'in-progress') < ${maxAtOnce}
    ON CONFLICT (id) DO NOTHING`);
  const row = await database.select({ id: calls.id }).from(calls).where(eq(calls.id, call.id)).get();
  return row !== undefined;
}

/**
 * Creates a phone call's row (in progress) unless its caller number already has `maxAtOnce` phone calls
 * in progress that started after `countFrom` (older ones are calls that died without ending: they stop
 * counting then). One statement, like createTestCallRow, so calls that come in at once cannot all pass.
 * False when refused; true when the row is there (also for a replay of the same id).
 */
export async function createPhoneCallRow(database: Db, call: NewCall & { fromNumber: string }, maxAtOnce: number, countFrom: number): Promise<boolean> {
  await database.run(sql`INSERT INTO ${calls} (id, user_id, echo_id, call_type, status, start_time, from_number, provider_call_id, caller_verified)
    SELECT ${call.id}, ${call.userId}, ${call.echoId}, 'phone', 'in-progress', ${call.startTime}, ${call.fromNumber}, ${call.providerCallId ?? null}, ${call.callerVerified ? 1 : 0}
    WHERE (SELECT COUNT(*) FROM ${calls} WHERE from_number = ${call.fromNumber} AND call_type = 'phone' AND status = 'in-progress' AND start_time > ${countFrom}) < ${maxAtOnce}
    ON CONFLICT DO NOTHING`);
  const row = await database.select({ id: calls.id }).from(calls).where(eq(calls.id, call.id)).get();
  return row !== undefined;
}

/**
 * Seconds of `userId`'s browser test calls that started after `since`: the ended ones' durations, and
 * the ones in progress so far (until `now`).
 */
export async function testCallSecondsSince(database: Db, userId: string, since: number, now: number): Promise<number> {
  const row = await database
    .select({
      seconds: sql<number>`coalesce(sum(case when ${calls.status} = 'in-progress' then max(0, (${now} - ${calls.startTime}) / 1000) else coalesce(${calls.duration}, 0) end), 0)`,
    })
    .from(calls)
    .where(and(eq(calls.userId, userId), eq(calls.callType, "browser_test"), sql`${calls.startTime} > ${since}`))
    .get();
  return Number(row?.seconds ?? 0);
}

/** `userId`'s browser test calls in progress that started before `startedBefore`: their ids. */
export async function testCallsInProgress(database: Db, userId: string, startedBefore: number): Promise<string[]> {
  const rows = await database
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.userId, userId), eq(calls.callType, "browser_test"), sql`status = 'in-progress'`, sql`${calls.startTime} < ${startedBefore}`));
  return rows.map((r) => r.id);
}

function upsertEntry(database: Db, callId: string, e: TranscriptEntry) {
  const values = {
    id: e.id,
    callId,
    seq: e.seq,
    speaker: e.speaker,
    text: e.text,
    timestamp: e.timestamp,
    emotions: e.emotions,
    interrupted: e.interrupted ?? false,
    latency: e.latency ?? null,
    outcome: e.outcome ?? null,
    audioOffsetMs: e.audioOffsetMs ?? null,
    emotionSource: e.emotionSource ?? null,
    safety: e.safety ?? null,
    actions: e.actions ?? null,
  };
  return database
    .insert(transcriptEntries)
    .values(values)
    .onConflictDoUpdate({
      target: transcriptEntries.id,
      set: { text: values.text, emotions: values.emotions, interrupted: values.interrupted, latency: values.latency, outcome: values.outcome, audioOffsetMs: values.audioOffsetMs, emotionSource: values.emotionSource, safety: values.safety, actions: values.actions },
    });
}

/** The categories in urgency order, as SQL sees them: a lower position is more urgent. */
const URGENCY = SAFETY_CATEGORIES.join(",");

/**
 * Flags the call with the most urgent safety category among `entries` (null: none is marked): kept if
 * the call already has a more urgent one.
 */
function flagCall(database: Db, callId: string, entries: readonly TranscriptEntry[]) {
  const marked = entries.map((e) => e.safety).filter((c): c is SafetyCategory => c !== undefined);
  const category = SAFETY_CATEGORIES.find((c) => marked.includes(c));
  if (!category) return null;
  return database
    .update(calls)
    .set({ safetyAlert: category })
    .where(and(eq(calls.id, callId), sql`(${calls.safetyAlert} is null or instr(${URGENCY}, ${calls.safetyAlert}) > instr(${URGENCY}, ${category}))`));
}

/** Writes (or rewrites) transcript entries of a call in one transaction, flagging the call if one is marked. */
export async function upsertTranscriptEntries(database: Db, callId: string, entries: readonly TranscriptEntry[]): Promise<void> {
  const [first, ...rest] = entries.map((e) => upsertEntry(database, callId, e));
  if (!first) return;
  const flag = flagCall(database, callId, entries);
  await database.batch(flag ? [first, ...rest, flag] : [first, ...rest]);
}

/** How a call ended, as the calls table records it (every end path uses this one type). */
export type FinalStatus = "completed" | "failed" | "abandoned";

export interface CallOutcome {
  status: FinalStatus;
  endTime: number;
  endReason: string;
}

/**
 * Finalizes the call in one transaction: only while the row is still in progress, the owner's and the
 * Echo's totalCalls, then status, endTime, duration and endReason; and the remaining transcript entries. Replays (a retried alarm, a repeated status callback) change nothing and count nothing.
 * Returns true when this call did the finalization.
 */
export async function finalizeCall(
  database: Db,
  callId: string,
  outcome: CallOutcome,
  entries: readonly TranscriptEntry[] = [],
): Promise<boolean> {
  const stillOpen = sql`exists (select 1 from ${calls} where ${calls.id} = ${callId} and ${calls.status} = ${CALL_IN_PROGRESS})`;
  const ownerOf = sql`(select ${calls.userId} from ${calls} where ${calls.id} = ${callId})`;
  const echoOf = sql`(select ${calls.echoId} from ${calls} where ${calls.id} = ${callId})`;
  const flag = flagCall(database, callId, entries);
  const results = await database.batch([
    database
      .update(users)
      .set({ totalCalls: sql`${users.totalCalls} + 1` })
      .where(and(eq(users.id, ownerOf), stillOpen)),
    database
      .update(echoes)
      .set({ totalCalls: sql`${echoes.totalCalls} + 1` })
      .where(and(eq(echoes.id, echoOf), stillOpen)),
    database
      .update(calls)
      .set({
        status: outcome.status,
        endTime: outcome.endTime,
        duration: sql`max(0, cast(round((${outcome.endTime} - ${calls.startTime}) / 1000.0) as integer))`,
        endReason: outcome.endReason,
      })
      .where(and(eq(calls.id, callId), eq(calls.status, CALL_IN_PROGRESS)))
      .returning({ id: calls.id }),
    ...entries.map((e) => upsertEntry(database, callId, e)),
    ...(flag ? [flag] : []),
  ]);
  return results[2].length > 0;
}

/**
 * Removes the row of a call whose caller left while it was being set up (before anything was said or
 * counted): it never started, so it appears nowhere. A call that has begun in any way stays.
 */
export async function discardUnstartedCall(database: Db, callId: string): Promise<void> {
  await database.delete(calls).where(and(eq(calls.id, callId), eq(calls.status, CALL_IN_PROGRESS), sql`not exists (select 1 from ${transcriptEntries} where ${transcriptEntries.callId} = ${callId})`));
}
