// Call recordings in D1: whether a call has one (calls.recording_started_at), who may hear it, and
// which ones the retention job removes. The audio itself is in R2 (recording-objects.ts).
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { type CallRecording, recordingUrl } from "../../protocol/call-history";
import { CALL_IN_PROGRESS } from "./call-writes";
import type { Db } from "./client";
import { callParticipants, calls } from "./schema";

/** The call's recording as Call Details shows it (null: none). */
export async function recordingOf(database: Db, callId: string): Promise<CallRecording | null> {
  const row = await database.select({ startedAt: calls.recordingStartedAt }).from(calls).where(eq(calls.id, callId)).get();
  return row?.startedAt != null ? { url: recordingUrl(callId), startedAt: row.startedAt } : null;
}

/** The first chunk of a call's audio is stored: from now on the call has a recording. */
export async function markRecordingStarted(database: Db, callId: string, startedAt: number): Promise<void> {
  await database
    .update(calls)
    .set({ recordingStartedAt: startedAt })
    .where(and(eq(calls.id, callId), isNull(calls.recordingStartedAt)));
}

export interface RecordingAccess {
  role: "owner" | "participant";
  startedAt: number;
  /** The call is still in progress (its recording is still being written). */
  live: boolean;
}

/** Who may hear a call's recording: its owner, and the people invited to it while they are participants. */
export async function recordingAccess(database: Db, callId: string, userId: string): Promise<RecordingAccess | null> {
  const row = await database
    .select({ userId: calls.userId, startedAt: calls.recordingStartedAt, status: calls.status })
    .from(calls)
    .where(eq(calls.id, callId))
    .get();
  if (!row || row.startedAt == null) return null;
  const live = row.status === CALL_IN_PROGRESS;
  if (row.userId === userId) return { role: "owner", startedAt: row.startedAt, live };
  const invited = await database
    .select({ userId: callParticipants.userId })
    .from(callParticipants)
    .where(and(eq(callParticipants.callId, callId), eq(callParticipants.userId, userId)))
    .get();
  return invited ? { role: "participant", startedAt: row.startedAt, live } : null;
}

/** The call no longer has a recording (its objects are gone); the transcript stays. */
export async function clearRecording(database: Db, callId: string): Promise<void> {
  await database.update(calls).set({ recordingStartedAt: null }).where(eq(calls.id, callId));
}

/** Calls whose recording started before `cutoff`, oldest first. */
export async function expiredRecordings(database: Db, cutoff: number, limit: number): Promise<string[]> {
  const rows = await database
    .select({ id: calls.id })
    .from(calls)
    .where(and(isNotNull(calls.recordingStartedAt), lt(calls.recordingStartedAt, cutoff)))
    .orderBy(calls.recordingStartedAt)
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}
