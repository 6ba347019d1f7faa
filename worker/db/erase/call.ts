// Deleting a call from D1: the row, and by its foreign keys its transcript, summary, participants and
// Insights figures (the triggers of migration 0004 take its numbers out of the day sums).
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { calls } from "../schema";

export interface OwnedCall {
  id: string;
  status: string;
}

/** `userId`'s call `callId` (null: they have no such call). */
export async function ownedCall(database: Db, userId: string, callId: string): Promise<OwnedCall | null> {
  const row = await database
    .select({ id: calls.id, status: calls.status })
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.userId, userId)))
    .get();
  return row ?? null;
}

/** Deletes the call's row and everything that hangs off it; false when it was not `userId`'s. */
export async function deleteCallRow(database: Db, userId: string, callId: string): Promise<boolean> {
  const deleted = await database
    .delete(calls)
    .where(and(eq(calls.id, callId), eq(calls.userId, userId)))
    .returning({ id: calls.id });
  return deleted.length > 0;
}
