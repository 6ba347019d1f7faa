// Echo persistence: every query is scoped to the owner, so someone else's id simply finds nothing.
import { type SQL, and, desc, eq, lt, lte, or, sql } from "drizzle-orm";
import type { Echo, EchoFields, EchoPatch, Expertise, Personality, VoiceStyle } from "../../protocol/echo";
import type { Persona } from "../ai/provider";
import { logError } from "../lib/safe-error";
import type { Db } from "./client";
import { echoes } from "./schema";

export type EchoRow = typeof echoes.$inferSelect;

export function toEcho(row: EchoRow): Echo {
  return {
    ...row,
    personality: row.personality as Personality,
    expertise: row.expertise as Expertise,
    voiceStyle: row.voiceStyle as VoiceStyle,
  };
}

/** The user's Echoes, most recently updated first; `active` keeps only the active (true) or inactive (false) ones. */
/** The persona an Echo answers calls with. */
export function personaOf(row: EchoRow): Persona {
  const { name, description, personality, expertise, instructions, voiceStyle } = toEcho(row);
  return { name, description, personality, expertise, instructions, voiceStyle };
}

export async function listEchoes(database: Db, userId: string, opts: { active?: boolean } = {}): Promise<Echo[]> {
  const where = opts.active === undefined ? eq(echoes.userId, userId) : and(eq(echoes.userId, userId), eq(echoes.isActive, opts.active));
  const rows = await database.select().from(echoes).where(where).orderBy(desc(echoes.updatedAt), desc(echoes.id)).all();
  return rows.map(toEcho);
}

export async function getEcho(database: Db, userId: string, echoId: string): Promise<Echo | null> {
  const row = await database
    .select()
    .from(echoes)
    .where(and(eq(echoes.id, echoId), eq(echoes.userId, userId)))
    .get();
  return row ? toEcho(row) : null;
}

/** A new Echo: active, no calls yet (spec §9). */
export async function createEcho(database: Db, userId: string, fields: EchoFields, now = Date.now()): Promise<Echo> {
  const row = await database
    .insert(echoes)
    .values({ id: crypto.randomUUID(), userId, ...fields, isActive: true, totalCalls: 0, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return toEcho(row);
}

/**
 * A new Echo (as createEcho) unless the user has `cap` Echoes already: null then, and nothing changed.
 * One transaction (a D1 batch) inserts it and takes it out again when it is one too many, so Echoes
 * created at once cannot pass the cap together.
 */
export async function createEchoWithinCap(database: Db, userId: string, fields: EchoFields, cap: number, now = Date.now()): Promise<Echo | null> {
  const id = crypto.randomUUID();
  const owned = sql`(select count(*) from ${echoes} where ${echoes.userId} = ${userId})`;
  const [, , rows] = await database.batch([
    database.insert(echoes).values({ id, userId, ...fields, isActive: true, totalCalls: 0, createdAt: now, updatedAt: now }),
    database.delete(echoes).where(and(eq(echoes.id, id), sql`${owned} > ${cap}`)),
    database.select().from(echoes).where(eq(echoes.id, id)),
  ]);
  return rows[0] ? toEcho(rows[0]) : null;
}

/** One page of the user's Echoes in listEchoes' order (updatedAt desc, id desc), after `cursor`. */
export async function listEchoPage(
  database: Db,
  userId: string,
  opts: { limit: number; cursor?: EchoCursor | null; active?: boolean },
): Promise<{ echoes: Echo[]; nextCursor: EchoCursor | null }> {
  const conds: SQL[] = [eq(echoes.userId, userId)];
  if (opts.active !== undefined) conds.push(eq(echoes.isActive, opts.active));
  const cur = opts.cursor;
  if (cur) {
    const after = or(lt(echoes.updatedAt, cur.updatedAt), and(eq(echoes.updatedAt, cur.updatedAt), lt(echoes.id, cur.id)));
    if (after) conds.push(lte(echoes.updatedAt, cur.updatedAt), after);
  }
  const rows = await database
    .select()
    .from(echoes)
    .where(and(...conds))
    .orderBy(desc(echoes.updatedAt), desc(echoes.id))
    .limit(opts.limit + 1)
    .all();
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return { echoes: page.map(toEcho), nextCursor: rows.length > opts.limit && last ? { updatedAt: last.updatedAt, id: last.id } : null };
}

/** Position in the Echo list's order: the last Echo of a page. */
export interface EchoCursor {
  updatedAt: number;
  id: string;
}

export function encodeEchoCursor(c: EchoCursor): string {
  return btoa(`${c.updatedAt}:${c.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** null when `s` is not a cursor this API issued. */
export function decodeEchoCursor(s: string): EchoCursor | null {
  let plain: string;
  try {
    plain = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const m = /^(\d{1,16}):([0-9a-f-]{36})$/.exec(plain);
  return m ? { updatedAt: Number(m[1]), id: m[2]! } : null;
}

/** The Echo every new account gets, so a first call needs no setup: a friendly generalist, marked as the starter. */
export const STARTER_ECHO: EchoFields = {
  name: "Echo",
  description: "Your starter Echo: a friendly, general assistant to try a first call with. Edit it to make it yours, or deactivate it.",
  personality: "friendly",
  expertise: "general",
  instructions: "",
  voiceStyle: "warm",
  recordCalls: true,
};

/**
 * Gives a new account its starter Echo. A failure is logged, not thrown: the account exists already,
 * and the Echoes tab still lets the user create one.
 */
export async function createStarterEcho(database: Db, userId: string, now = Date.now()): Promise<Echo | null> {
  try {
    const row = await database
      .insert(echoes)
      .values({ id: crypto.randomUUID(), userId, ...STARTER_ECHO, starter: true, isActive: true, totalCalls: 0, createdAt: now, updatedAt: now })
      .returning()
      .get();
    return toEcho(row);
  } catch (err) {
    logError("sign-up: the starter Echo could not be created", err);
    return null;
  }
}

/** Applies a (partial) change to the user's Echo; null when the user has no such Echo. */
export async function updateEcho(database: Db, userId: string, echoId: string, patch: EchoPatch, now = Date.now()): Promise<Echo | null> {
  const set: Partial<EchoRow> = { updatedAt: now };
  for (const key of ["name", "description", "personality", "expertise", "instructions", "voiceStyle", "isActive", "recordCalls"] as const) {
    if (patch[key] !== undefined) Object.assign(set, { [key]: patch[key] });
  }
  const row = await database
    .update(echoes)
    .set(set)
    .where(and(eq(echoes.id, echoId), eq(echoes.userId, userId)))
    .returning()
    .get();
  return row ? toEcho(row) : null;
}
