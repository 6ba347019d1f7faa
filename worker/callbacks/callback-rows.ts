// D1 queries of the callbacks table. A callback's status only moves by conditional writes (the status
// and attempt number it is expected to have), so a re-run alarm, a retried webhook or a cancel racing
// the placing each find out they lost, and a callback rings at most once per attempt.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { CANCELLABLE_STATUSES, DAILY_CALLBACK_CAP, type CallbackStatus, type CallbackView } from "../../protocol/callbacks";
import type { Db } from "../db/client";
import { callbacks, echoes } from "../db/schema";

export type CallbackRow = typeof callbacks.$inferSelect;

/** Statuses shown as upcoming (the rest are past). */
export const UPCOMING_STATUSES: CallbackStatus[] = ["scheduled", "waiting_for_number", "ringing"];
const PAST_LIMIT = 50;

export function callbackView(row: CallbackRow, echoName: string | null): CallbackView {
  return {
    id: row.id,
    echoId: row.echoId,
    echoName,
    reason: row.reason,
    dueAt: row.dueAt,
    status: row.status,
    attempts: row.attempts,
    sourceCallId: row.sourceCallId,
    callId: row.callId,
    createdAt: row.createdAt,
  };
}

export async function callbackById(database: Db, id: string): Promise<CallbackRow | null> {
  return (await database.select().from(callbacks).where(eq(callbacks.id, id)).get()) ?? null;
}

/** `userId`'s callback `id` with its Echo's name (someone else's id finds nothing). */
export async function ownedCallbackView(database: Db, userId: string, id: string): Promise<CallbackView | null> {
  const row = await database
    .select({ row: callbacks, echoName: echoes.name })
    .from(callbacks)
    .leftJoin(echoes, eq(echoes.id, callbacks.echoId))
    .where(and(eq(callbacks.id, id), eq(callbacks.userId, userId)))
    .get();
  return row ? callbackView(row.row, row.echoName) : null;
}

export async function listCallbackViews(database: Db, userId: string, upcoming: boolean): Promise<CallbackView[]> {
  const rows = await database
    .select({ row: callbacks, echoName: echoes.name })
    .from(callbacks)
    .leftJoin(echoes, eq(echoes.id, callbacks.echoId))
    .where(and(eq(callbacks.userId, userId), upcoming ? inArray(callbacks.status, UPCOMING_STATUSES) : sql`${callbacks.status} NOT IN ('scheduled', 'waiting_for_number', 'ringing')`))
    .orderBy(upcoming ? asc(callbacks.dueAt) : desc(callbacks.dueAt))
    .limit(upcoming ? 100 : PAST_LIMIT);
  return rows.map((r) => callbackView(r.row, r.echoName));
}

/**
 * Inserts the callback unless the owner already has DAILY_CALLBACK_CAP (not cancelled) due in
 * [dayStart, dayEnd): one statement, so callbacks asked for at once cannot all pass the cap. False when refused.
 */
export async function insertCallbackWithinCap(database: Db, row: CallbackRow, day: { start: number; end: number }): Promise<boolean> {
  await database.run(sql`INSERT INTO ${callbacks} (id, user_id, echo_id, source_call_id, reason, due_at, caller_named_time, status, attempts, created_at, updated_at)
    SELECT ${row.id}, ${row.userId}, ${row.echoId}, ${row.sourceCallId}, ${row.reason}, ${row.dueAt}, ${row.callerNamedTime ? 1 : 0}, ${row.status}, 0, ${row.createdAt}, ${row.updatedAt}
    WHERE (SELECT COUNT(*) FROM ${callbacks} WHERE user_id = ${row.userId} AND due_at >= ${day.start} AND due_at < ${day.end} AND status != 'cancelled') < ${DAILY_CALLBACK_CAP}`);
  return (await callbackById(database, row.id)) !== null;
}

/**
 * Moves callback `id` from `from` (and, when given, attempt number `attempts`) to the fields in `set`;
 * true when this write won (the row was still as expected).
 */
export async function moveCallback(
  database: Db,
  id: string,
  from: { status: CallbackStatus | readonly CallbackStatus[]; attempts?: number; userId?: string },
  set: Partial<Omit<CallbackRow, "id" | "userId" | "createdAt">>,
): Promise<boolean> {
  const statuses = typeof from.status === "string" ? [from.status] : [...from.status];
  const rows = await database
    .update(callbacks)
    .set({ ...set, updatedAt: set.updatedAt ?? Date.now() })
    .where(
      and(
        eq(callbacks.id, id),
        inArray(callbacks.status, statuses),
        from.attempts !== undefined ? eq(callbacks.attempts, from.attempts) : undefined,
        from.userId !== undefined ? eq(callbacks.userId, from.userId) : undefined,
      ),
    )
    .returning({ id: callbacks.id });
  return rows.length > 0;
}

/** The owner's next cancellable callback (the soonest), for "cancel the next one". */
export async function nextCancellable(database: Db, userId: string): Promise<CallbackRow | null> {
  const row = await database
    .select()
    .from(callbacks)
    .where(and(eq(callbacks.userId, userId), inArray(callbacks.status, [...CANCELLABLE_STATUSES])))
    .orderBy(asc(callbacks.dueAt))
    .limit(1)
    .get();
  return row ?? null;
}

/** The owner's linked number and time zone, and the Echo's name (for what the call says). */
export async function callbackContext(database: Db, userId: string, echoId: string | null): Promise<{ phoneNumber: string | null; timeZone: string | null; echoName: string | null } | null> {
  const rows = await database.all<{ phone_number: string | null; time_zone: string | null; echo_name: string | null }>(
    sql`SELECT u.phone_number, u.time_zone, (SELECT e.name FROM echoes e WHERE e.id = ${echoId} AND e.user_id = u.id) AS echo_name FROM users u WHERE u.id = ${userId}`,
  );
  const row = rows[0];
  return row ? { phoneNumber: row.phone_number, timeZone: row.time_zone, echoName: row.echo_name } : null;
}

