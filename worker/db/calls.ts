// Reading calls and transcripts for the dashboard (writes live in call-writes.ts). Every query is
// scoped to the owner: someone else's call id finds nothing. A call's safetyAlert (the safety net's
// most urgent category in it) comes with every summary, and the list can keep only flagged calls.
import { type SQL, and, asc, desc, eq, gte, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { TranscriptEntry } from "../../protocol/call-messages";
import {
  type CallDetail,
  type CallListQuery,
  type CallSearchHit,
  type CallSummary,
  SEARCH_RESULTS_MAX,
  TRANSCRIPT_PREVIEW_CHARS,
} from "../../protocol/call-history";
import type { Db } from "./client";
import { recordingOf } from "./recordings";
import { callSummaries, calls, echoes, transcriptEntries } from "./schema";
import { toRecap } from "./recap-row";

/** Entries read for a preview: enough short turns ("Hi.") to fill 100 characters. */
const PREVIEW_ENTRIES = 10;
const UNIT_SEPARATOR = "\u001f";

/** Position in the (startTime desc, id desc) order: the last row of a page. */
export interface CallCursor {
  startTime: number;
  id: string;
}

export function encodeCursor(c: CallCursor): string {
  return btoa(`${c.startTime}:${c.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** null when `s` is not a cursor this API issued. */
export function decodeCursor(s: string): CallCursor | null {
  let plain: string;
  try {
    plain = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const m = /^(\d{1,16}):(.{1,100})$/s.exec(plain);
  if (!m) return null;
  return { startTime: Number(m[1]), id: m[2]! };
}

/** The first TRANSCRIPT_PREVIEW_CHARS characters of the transcript, from the first entries' texts. */
export function buildPreview(joined: string | null): { preview: string; previewTruncated: boolean } {
  if (!joined) return { preview: "", previewTruncated: false };
  const parts = joined.split(UNIT_SEPARATOR);
  const text = parts
    .slice(0, PREVIEW_ENTRIES)
    .map((p) => p.trim())
    .filter(Boolean)
    .join(" ");
  const truncated = text.length > TRANSCRIPT_PREVIEW_CHARS || parts.length > PREVIEW_ENTRIES;
  return { preview: text.slice(0, TRANSCRIPT_PREVIEW_CHARS), previewTruncated: truncated };
}

const previewSql = sql<string | null>`(select group_concat(t, ${UNIT_SEPARATOR}) from (
  select substr(${transcriptEntries.text}, 1, ${TRANSCRIPT_PREVIEW_CHARS + 1}) as t from ${transcriptEntries}
  where ${transcriptEntries.callId} = ${calls.id} order by ${transcriptEntries.seq} limit ${PREVIEW_ENTRIES + 1}))`;

/**
 * The columns of a CallHeading; the query must left-join `echoes` on `calls.echoId`. The Echo's name is
 * its current one, or the one the call kept (calls.echo_name) once the Echo is deleted.
 */
export const callHeadingColumns = {
  callType: calls.callType,
  startTime: calls.startTime,
  fromNumber: calls.fromNumber,
  echoName: sql<string | null>`coalesce(${echoes.name}, ${calls.echoName})`,
};

const summaryColumns = {
  id: calls.id,
  ...callHeadingColumns,
  status: calls.status,
  endTime: calls.endTime,
  duration: calls.duration,
  echoId: calls.echoId,
  endReason: calls.endReason,
  safetyAlert: calls.safetyAlert,
  callerVerified: calls.callerVerified,
  previewSource: previewSql,
  summaryText: sql<string | null>`case when ${callSummaries.status} = 'ready' then ${callSummaries.text} end`,
};

function summaryQuery(database: Db) {
  return database
    .select(summaryColumns)
    .from(calls)
    .leftJoin(echoes, eq(echoes.id, calls.echoId))
    .leftJoin(callSummaries, eq(callSummaries.callId, calls.id));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["all"]>>[number];

function toSummary(row: SummaryRow): CallSummary {
  const { previewSource, endReason: _endReason, ...rest } = row;
  return { ...rest, ...buildPreview(previewSource) };
}

/** The filters of Call History (GET /api/calls): each one given narrows the list. */
export type CallFilters = Partial<Pick<CallListQuery, "callType" | "safety" | "echoId" | "status" | "since" | "until">>;

function filterConditions(userId: string, f: CallFilters): SQL[] {
  const conds: SQL[] = [eq(calls.userId, userId)];
  if (f.callType) conds.push(eq(calls.callType, f.callType));
  if (f.safety) conds.push(isNotNull(calls.safetyAlert));
  if (f.echoId) conds.push(eq(calls.echoId, f.echoId));
  if (f.status) conds.push(eq(calls.status, f.status));
  if (f.since !== undefined) conds.push(gte(calls.startTime, f.since));
  if (f.until !== undefined) conds.push(lte(calls.startTime, f.until));
  return conds;
}

/** One page of the user's calls that pass `filters`, newest startTime first (ties by id), after `cursor`. */
export async function listCalls(
  database: Db,
  userId: string,
  opts: { limit: number; cursor?: CallCursor | null; filters?: CallFilters },
): Promise<{ calls: CallSummary[]; nextCursor: CallCursor | null }> {
  const conds = filterConditions(userId, opts.filters ?? {});
  const cur = opts.cursor;
  if (cur) {
    // `start_time <= t` on its own lets the index seek straight to the cursor; the OR settles ties.
    const after = or(lt(calls.startTime, cur.startTime), lt(calls.id, cur.id));
    if (after) conds.push(lte(calls.startTime, cur.startTime), after);
  }
  const rows = await summaryQuery(database)
    .where(and(...conds))
    .orderBy(desc(calls.startTime), desc(calls.id))
    .limit(opts.limit + 1)
    .all();
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > opts.limit && last ? { startTime: last.startTime, id: last.id } : null;
  return { calls: page.map(toSummary), nextCursor };
}

/** Every call that passes `filters` (newest first), at most `max`, read a page at a time; `truncated`: more existed. */
export async function listAllCalls(database: Db, userId: string, filters: CallFilters, max: number): Promise<{ calls: CallSummary[]; truncated: boolean }> {
  const out: CallSummary[] = [];
  let cursor: CallCursor | null = null;
  for (;;) {
    const page: { calls: CallSummary[]; nextCursor: CallCursor | null } = await listCalls(database, userId, { limit: Math.min(CSV_PAGE_ROWS, max - out.length), cursor, filters });
    out.push(...page.calls);
    cursor = page.nextCursor;
    if (!cursor) return { calls: out, truncated: false };
    if (out.length >= max) return { calls: out, truncated: true };
  }
}
/** Rows per query of listAllCalls. */
const CSV_PAGE_ROWS = 500;

type EntryRow = typeof transcriptEntries.$inferSelect;

export function toTranscriptEntry(row: EntryRow): TranscriptEntry {
  return {
    id: row.id,
    seq: row.seq,
    speaker: row.speaker,
    text: row.text,
    timestamp: row.timestamp,
    emotions: row.emotions ?? {},
    interrupted: row.interrupted,
    latency: row.latency ?? null,
    outcome: row.outcome ?? null,
    audioOffsetMs: row.audioOffsetMs ?? null,
    ...(row.emotionSource ? { emotionSource: row.emotionSource } : {}),
    ...(row.safety ? { safety: row.safety } : {}),
    ...(row.actions?.length ? { actions: row.actions } : {}),
  };
}

/** The user's call with its whole transcript in seq order; null when the user has no such call. */
export async function getCallDetail(database: Db, userId: string, callId: string): Promise<CallDetail | null> {
  const [rows, entries, recaps] = await database.batch([
    summaryQuery(database).where(and(eq(calls.id, callId), eq(calls.userId, userId))),
    database.select().from(transcriptEntries).where(eq(transcriptEntries.callId, callId)).orderBy(asc(transcriptEntries.seq)),
    database.select().from(callSummaries).where(eq(callSummaries.callId, callId)),
  ]);
  const row = rows[0];
  if (!row) return null;
  const recap = recaps[0];
  const recording = await recordingOf(database, callId);
  return {
    ...toSummary(row),
    endReason: row.endReason,
    recap: recap ? toRecap(recap) : null,
    transcript: entries.map(toTranscriptEntry),
    recording,
  };
}

/** LIKE pattern matching `q` literally anywhere (%, _ and \ escaped; use with ESCAPE '\'). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Transcript entries of the user's calls containing `q` (case-insensitive for ASCII), newest calls first. */
export async function searchTranscripts(database: Db, userId: string, q: string): Promise<{ hits: CallSearchHit[]; truncated: boolean }> {
  const rows = await database
    .select({ entry: transcriptEntries, ...callHeadingColumns })
    .from(transcriptEntries)
    .innerJoin(calls, eq(calls.id, transcriptEntries.callId))
    .leftJoin(echoes, eq(echoes.id, calls.echoId))
    .where(and(eq(calls.userId, userId), sql`${transcriptEntries.text} like ${likePattern(q)} escape '\\'`))
    .orderBy(desc(calls.startTime), desc(calls.id), asc(transcriptEntries.seq))
    .limit(SEARCH_RESULTS_MAX + 1)
    .all();
  const hits = rows.slice(0, SEARCH_RESULTS_MAX).map(({ entry, ...heading }) => ({ callId: entry.callId, ...heading, entry: toTranscriptEntry(entry) }));
  return { hits, truncated: rows.length > SEARCH_RESULTS_MAX };
}
