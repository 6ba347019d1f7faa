// Caller memory in D1 (the `memories` table; docs/memory.md says why D1): every query is scoped to one
// (user, Echo), so someone else's ids find nothing. Merging: one row per (user, Echo, kind, subject);
// a fact said later replaces the one said earlier, an older one never overwrites a newer.
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { MemoryItem, MemoryKind, MemoryPatch } from "../../protocol/memory";
import type { Db } from "../db/client";
import { memories } from "../db/schema";
import { cleanText, matchesPhrase, normaliseSubject } from "./subject";

/** Whose memory: one user's conversations with one of their Echoes. */
export interface MemoryScope {
  userId: string;
  echoId: string;
}

/** A fact to remember. `subject` defaults to the text's own words. */
export interface NewMemory {
  kind: MemoryKind;
  text: string;
  subject?: string;
  sourceCallId: string | null;
  saidAt: number;
  expiresAt?: number | null;
}

/** Facts kept per (user, Echo) at most: past it, the least recently updated go (bytes per user: docs/memory.md). */
export const MEMORY_ITEMS_MAX = 200;

type Row = typeof memories.$inferSelect;

function toItem(row: Row): MemoryItem {
  return {
    id: row.id,
    echoId: row.echoId,
    kind: row.kind,
    subject: row.subject,
    text: row.text,
    sourceCallId: row.sourceCallId,
    saidAt: row.saidAt,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const inScope = (scope: MemoryScope) => and(eq(memories.userId, scope.userId), eq(memories.echoId, scope.echoId));

/**
 * Remembers one fact, merged with what is known: the same kind and subject is one row, whose text and
 * source become this fact's when it was said at the same time or later. Returns the row as it now is.
 */
export async function rememberItem(database: Db, scope: MemoryScope, item: NewMemory, now = Date.now()): Promise<MemoryItem> {
  const text = cleanText(item.text);
  const subject = normaliseSubject(item.subject ?? text) || normaliseSubject(text) || "note";
  if (!text) throw new RangeError("A remembered fact needs some text.");
  const row = await database
    .insert(memories)
    .values({
      id: crypto.randomUUID(),
      ...scope,
      kind: item.kind,
      subject,
      text,
      sourceCallId: item.sourceCallId,
      saidAt: item.saidAt,
      expiresAt: item.expiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [memories.userId, memories.echoId, memories.kind, memories.subject],
      set: {
        text: sql`excluded.text`,
        sourceCallId: sql`excluded.source_call_id`,
        saidAt: sql`excluded.said_at`,
        expiresAt: sql`excluded.expires_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`excluded.said_at >= ${memories.saidAt}`,
    })
    .returning()
    .get();
  if (row) return toItem(row);
  // An older fact than the one kept: nothing changed.
  const kept = await database
    .select()
    .from(memories)
    .where(and(inScope(scope), eq(memories.kind, item.kind), eq(memories.subject, subject)))
    .get();
  if (!kept) throw new Error("The remembered fact was neither written nor found.");
  return toItem(kept);
}

/** Keeps at most MEMORY_ITEMS_MAX facts in the scope (the least recently updated go). Returns how many went. */
export async function pruneMemory(database: Db, scope: MemoryScope): Promise<number> {
  const result = await database.run(sql`DELETE FROM ${memories} WHERE user_id = ${scope.userId} AND echo_id = ${scope.echoId} AND id NOT IN (
    SELECT id FROM ${memories} WHERE user_id = ${scope.userId} AND echo_id = ${scope.echoId} ORDER BY updated_at DESC, id LIMIT ${MEMORY_ITEMS_MAX})`);
  return result.meta.changes ?? 0;
}

/** Everything the Echo remembers of this user, most recently updated first. */
export async function listMemory(database: Db, scope: MemoryScope): Promise<MemoryItem[]> {
  const rows = await database.select().from(memories).where(inScope(scope)).orderBy(desc(memories.updatedAt), desc(memories.id)).limit(MEMORY_ITEMS_MAX).all();
  return rows.map(toItem);
}

/** The facts a call may use: not expired more than `graceMs` ago (an event just past is still worth asking about). */
export async function readLiveMemory(database: Db, scope: MemoryScope, now: number, graceMs: number): Promise<MemoryItem[]> {
  const rows = await database
    .select()
    .from(memories)
    .where(and(inScope(scope), or(isNull(memories.expiresAt), gt(memories.expiresAt, now - graceMs))))
    .orderBy(desc(memories.updatedAt), desc(memories.id))
    .limit(MEMORY_ITEMS_MAX)
    .all();
  return rows.map(toItem);
}

/** The open follow-ups ("ask me how the interview went"), newest first. */
export async function listFollowUps(database: Db, scope: MemoryScope, now = Date.now()): Promise<MemoryItem[]> {
  const rows = await database
    .select()
    .from(memories)
    .where(and(inScope(scope), eq(memories.kind, "follow_up"), or(isNull(memories.expiresAt), gt(memories.expiresAt, now))))
    .orderBy(desc(memories.saidAt), desc(memories.id))
    .all();
  return rows.map(toItem);
}

/** The owner corrects a fact; null when the scope has no such item. */
export async function updateMemoryItem(database: Db, scope: MemoryScope, itemId: string, patch: MemoryPatch, now = Date.now()): Promise<MemoryItem | null> {
  const set: Partial<Row> = { updatedAt: now };
  if (patch.text !== undefined) set.text = cleanText(patch.text);
  if (patch.kind !== undefined) set.kind = patch.kind;
  if (patch.expiresAt !== undefined) set.expiresAt = patch.expiresAt;
  try {
    const row = await database.update(memories).set(set).where(and(inScope(scope), eq(memories.id, itemId))).returning().get();
    return row ? toItem(row) : null;
  } catch (err) {
    // A new kind that collides with a fact of that kind on the same subject: the edited one wins.
    if (patch.kind === undefined || !String(err).includes("UNIQUE")) throw err;
    const edited = await database.select().from(memories).where(and(inScope(scope), eq(memories.id, itemId))).get();
    if (!edited) return null;
    await database.delete(memories).where(and(inScope(scope), eq(memories.kind, patch.kind), eq(memories.subject, edited.subject)));
    const row = await database.update(memories).set(set).where(and(inScope(scope), eq(memories.id, itemId))).returning().get();
    return row ? toItem(row) : null;
  }
}

/** Deletes one fact; false when the scope has no such item. */
export async function deleteMemoryItem(database: Db, scope: MemoryScope, itemId: string): Promise<boolean> {
  const rows = await database.delete(memories).where(and(inScope(scope), eq(memories.id, itemId))).returning({ id: memories.id });
  return rows.length > 0;
}

/** Forget everything: every fact of the scope. Returns how many. */
export async function forgetAll(database: Db, scope: MemoryScope): Promise<number> {
  const rows = await database.delete(memories).where(inScope(scope)).returning({ id: memories.id });
  return rows.length;
}

/** "Forget what I said about …": removes the facts whose subject or text holds every word of the phrase. Returns how many. */
export async function forgetMatching(database: Db, scope: MemoryScope, phrase: string): Promise<number> {
  const items = await listMemory(database, scope);
  const ids = items.filter((item) => matchesPhrase(phrase, item)).map((item) => item.id);
  let deleted = 0;
  for (const id of ids) if (await deleteMemoryItem(database, scope, id)) deleted++;
  return deleted;
}

/** Everything remembered for the user, all Echoes, for the account's data export (oldest first). */
export async function exportMemory(database: Db, userId: string): Promise<MemoryItem[]> {
  const rows = await database.select().from(memories).where(eq(memories.userId, userId)).orderBy(memories.echoId, memories.createdAt, memories.id).all();
  return rows.map(toItem);
}
