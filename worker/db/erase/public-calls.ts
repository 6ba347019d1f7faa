// Calls from callers who belong to no account (the public line: calls.user_id is null) in D1: which are
// past their retention, and deleting one (its transcript and summary go with it, by foreign key).
import { and, asc, eq, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "../client";
import { CALL_IN_PROGRESS } from "../call-writes";
import { calls } from "../schema";

/** Ended public-line calls that started before `cutoff`, oldest first. */
export async function expiredPublicCalls(database: Db, cutoff: number, limit: number): Promise<string[]> {
  const rows = await database
    .select({ id: calls.id })
    .from(calls)
    .where(and(isNull(calls.userId), lt(calls.startTime, cutoff), ne(calls.status, CALL_IN_PROGRESS)))
    .orderBy(asc(calls.startTime))
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}

/** Deletes a public-line call's row (never a call that belongs to an account). */
export async function deletePublicCall(database: Db, callId: string): Promise<void> {
  await database.delete(calls).where(and(eq(calls.id, callId), isNull(calls.userId)));
}
