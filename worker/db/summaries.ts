// Call summaries in D1 (table call_summaries): what the summary job reads (an ended call with its Echo
// and transcript) and writes (one row per call, replaced on retry).
import { and, asc, eq, isNull, lte, ne, or } from "drizzle-orm";
import type { EmotionScores } from "../../protocol/call-messages";
import type { CallRecap, RecapMethod, RecapStatus } from "../../protocol/summary";
import { toRecap } from "./recap-row";
import type { Persona } from "../ai/provider";
import { CALL_IN_PROGRESS } from "./call-writes";
import { toTranscriptEntry } from "./calls";
import type { Db } from "./client";
import { personaOf } from "./echoes";
import { callSummaries, calls, echoes, transcriptEntries } from "./schema";

export interface SummarySource {
  callId: string;
  persona: Persona | null;
  transcript: ReturnType<typeof toTranscriptEntry>[];
  attempts: number;
  /** The summary stored now, if any. */
  current: CallRecap | null;
}

/**
 * An ended call to summarize, with its Echo's persona and its transcript; null when there is no such
 * call (or, with `userId`, not that user's), or it is still in progress.
 */
export async function readSummarySource(database: Db, callId: string, userId?: string): Promise<SummarySource | null> {
  const conds = [eq(calls.id, callId), ne(calls.status, CALL_IN_PROGRESS)];
  if (userId !== undefined) conds.push(eq(calls.userId, userId));
  // The summary is a query of its own: in a batch, rows come keyed by column name, and the Echo's
  // updated_at would hide the summary's.
  const [head, entries, summary] = await database.batch([
    database
      .select({ echo: echoes })
      .from(calls)
      .leftJoin(echoes, eq(echoes.id, calls.echoId))
      .where(and(...conds)),
    database.select().from(transcriptEntries).where(eq(transcriptEntries.callId, callId)).orderBy(asc(transcriptEntries.seq)),
    database.select().from(callSummaries).where(eq(callSummaries.callId, callId)),
  ]);
  const row = head[0];
  if (!row) return null;
  return {
    callId,
    persona: row.echo ? personaOf(row.echo) : null,
    transcript: entries.map(toTranscriptEntry),
    attempts: summary[0]?.attempts ?? 0,
    current: summary[0] ? toRecap(summary[0]) : null,
  };
}

export interface RecapWrite {
  status: RecapStatus;
  method: RecapMethod | null;
  text: string;
  moodArc: string | null;
  followUps: string[];
  topics: string[];
  callerEmotions: EmotionScores | null;
  error: string | null;
  attempts: number;
  updatedAt: number;
}

/** The call's summary as stored now, if any. */
export async function readRecap(database: Db, callId: string): Promise<CallRecap | null> {
  const row = await database.select().from(callSummaries).where(eq(callSummaries.callId, callId)).get();
  return row ? toRecap(row) : null;
}

/**
 * Claims the call's summary job for one run, with a conditional write: true for exactly one of the runs
 * that ask at once; false while another run holds it (claimed after `staleBefore`: a run that died
 * holding it frees the job then). `placeholder` is the row written when there is none yet; with
 * `showPending` it also replaces the row there is (a "pending" summary in view while the run works).
 */
export async function claimSummaryRun(database: Db, callId: string, now: number, staleBefore: number, placeholder: RecapWrite, showPending: boolean): Promise<boolean> {
  const free = or(isNull(callSummaries.runningSince), lte(callSummaries.runningSince, staleBefore));
  const [row] = await database
    .insert(callSummaries)
    .values({ callId, ...placeholder, runningSince: now })
    .onConflictDoUpdate({ target: callSummaries.callId, set: showPending ? { ...placeholder, runningSince: now } : { runningSince: now }, setWhere: free })
    .returning({ callId: callSummaries.callId });
  return row !== undefined;
}

/** Writes (or replaces) the call's summary row, and frees its job (claimSummaryRun). */
export async function saveRecap(database: Db, callId: string, w: RecapWrite, onlyIfUpdatedAt?: number): Promise<CallRecap> {
  const values = { callId, ...w, runningSince: null };
  const { callId: _id, ...set } = values;
  const setWhere = onlyIfUpdatedAt === undefined ? undefined : eq(callSummaries.updatedAt, onlyIfUpdatedAt);
  const [row] = await database
    .insert(callSummaries)
    .values(values)
    .onConflictDoUpdate({ target: callSummaries.callId, set, ...(setWhere ? { setWhere } : {}) })
    .returning();
  if (row) return toRecap(row);
  // Not written: the row changed since `onlyIfUpdatedAt` (another run began or ended); it stands.
  const current = onlyIfUpdatedAt === undefined ? undefined : await database.select().from(callSummaries).where(eq(callSummaries.callId, callId)).get();
  if (!current) throw new Error(`the summary of call ${callId} was not stored`);
  return toRecap(current);
}
