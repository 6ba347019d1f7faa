// Echo persistence: every query is scoped to the owner, so someone else's id simply finds nothing.
import { type SQL, and, desc, eq, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Echo, EchoFields, EchoPatch, Expertise, Personality, VoiceStyle } from "../../protocol/echo";
import type { Persona } from "../ai/provider";
import { logError } from "../lib/safe-error";
import type { Db } from "./client";
import { echoes, users } from "./schema";

export type EchoRow = typeof echoes.$inferSelect;

export function toEcho(row: EchoRow): Echo {
  return {
    ...row,
    personality: row.personality as Personality,
    expertise: row.expertise as Expertise,
    voiceStyle: row.voiceStyle as VoiceStyle,
  };
}

/** The persona an Echo answers calls with. */
export function personaOf(row: EchoRow): Persona {
  const { name, description, personality, expertise, instructions, voiceStyle } = toEcho(row);
  return { name, description, personality, expertise, instructions, voiceStyle };
}

/** The user's Echoes, most recently updated first; `active` keeps only the active (true) or inactive (false) ones. */
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

/** Longest Echo name (protocol/echo.ts echoInputSchema). */
const NAME_MAX = 80;
const COPY_SUFFIX = " (copy)";

/** What "who answers my calls" is, explicitly: users.phone_echo_id, one of the user's active Echoes, or null when they have none. */
const noActivePhoneEcho = sql`not exists (select 1 from ${echoes} where ${echoes.id} = ${users.phoneEchoId} and ${echoes.userId} = ${users.id} and ${echoes.isActive} = 1)`;

/**
 * `echoId` becomes the user's phone Echo when none of theirs answers now (none chosen, or the chosen one
 * is inactive or gone): the first Echo made, or the first activated after all were off. An Echo made or
 * activated while another answers changes nothing. Only the user's own active Echo qualifies.
 */
function answerIfUnanswered(database: Db, userId: string, echoId: string) {
  return database
    .update(users)
    .set({ phoneEchoId: echoId })
    .where(
      and(
        eq(users.id, userId),
        noActivePhoneEcho,
        sql`exists (select 1 from ${echoes} where ${echoes.id} = ${echoId} and ${echoes.userId} = ${userId} and ${echoes.isActive} = 1)`,
      ),
    );
}

/**
 * When `echoId` (just deactivated, or about to be deleted) answers the user's phone, the choice moves,
 * explicitly, to their most recently updated other active Echo, or to null (the built-in assistant
 * answers) when there is none. In a batch after the change, so the Echo itself never qualifies.
 */
export function handOverPhoneEcho(database: Db, userId: string, echoId: string) {
  const next = database
    .select({ id: echoes.id })
    .from(echoes)
    .where(and(eq(echoes.userId, userId), eq(echoes.isActive, true), ne(echoes.id, echoId)))
    .orderBy(desc(echoes.updatedAt), desc(echoes.id))
    .limit(1);
  return database
    .update(users)
    .set({ phoneEchoId: sql`(${next})` })
    .where(and(eq(users.id, userId), eq(users.phoneEchoId, echoId)));
}

/** A new Echo: active, no calls yet (spec §9); it answers the user's phone if no other Echo of theirs does. */
export async function createEcho(database: Db, userId: string, fields: EchoFields, now = Date.now(), extra: { starter?: boolean } = {}): Promise<Echo> {
  const id = crypto.randomUUID();
  const [rows] = await database.batch([
    database
      .insert(echoes)
      .values({ id, userId, ...fields, starter: extra.starter ?? false, isActive: true, totalCalls: 0, createdAt: now, updatedAt: now })
      .returning(),
    answerIfUnanswered(database, userId, id),
  ]);
  return toEcho(rows[0]!);
}

/**
 * A copy of the user's Echo `echoId` named "<name> (copy)": a new Echo like any other (active, no calls,
 * not the starter), within the user's cap of `cap` Echoes. "not-found" when they have no such Echo,
 * "limit" when they have `cap` already (nothing changed).
 */
export async function duplicateEcho(database: Db, userId: string, echoId: string, cap: number, now = Date.now()): Promise<Echo | "not-found" | "limit"> {
  const source = await getEcho(database, userId, echoId);
  if (!source) return "not-found";
  const { name, description, personality, expertise, instructions, voiceStyle, recordCalls, rememberCallers } = source;
  const copyName = `${name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
  return (await createEchoWithinCap(database, userId, { name: copyName, description, personality, expertise, instructions, voiceStyle, recordCalls, rememberCallers }, cap, now)) ?? "limit";
}

/**
 * A new Echo (as createEcho) unless the user has `cap` Echoes already: null then, and nothing changed.
 * One transaction (a D1 batch) inserts it and takes it out again when it is one too many, so Echoes
 * created at once cannot pass the cap together.
 */
export async function createEchoWithinCap(database: Db, userId: string, fields: EchoFields, cap: number, now = Date.now()): Promise<Echo | null> {
  const id = crypto.randomUUID();
  const owned = sql`(select count(*) from ${echoes} where ${echoes.userId} = ${userId})`;
  const [, , , rows] = await database.batch([
    database.insert(echoes).values({ id, userId, ...fields, isActive: true, totalCalls: 0, createdAt: now, updatedAt: now }),
    database.delete(echoes).where(and(eq(echoes.id, id), sql`${owned} > ${cap}`)),
    // Kept: it answers the user's phone if no other Echo of theirs does (a no-op when it was taken out again).
    answerIfUnanswered(database, userId, id),
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


/**
 * The Echo every new account gets, so a first call needs no setup: a friendly generalist, marked as the
 * starter (the card's "Starter" badge says so). Its description is in character, as a persona's is: it
 * becomes the model's "About you" line, so a note to the user here would be read out in its greeting.
 */
export const STARTER_ECHO: EchoFields = {
  name: "Echo",
  description: "A friendly, down-to-earth helper for everyday questions and a good chat.",
  personality: "friendly",
  expertise: "general",
  instructions: "",
  voiceStyle: "warm",
  recordCalls: true,
  rememberCallers: true,
};

/**
 * Gives a new account its starter Echo. A failure is logged, not thrown: the account exists already,
 * and the Echoes tab still lets the user create one.
 */
export async function createStarterEcho(database: Db, userId: string, now = Date.now()): Promise<Echo | null> {
  try {
    return await createEcho(database, userId, STARTER_ECHO, now, { starter: true });
  } catch (err) {
    logError("sign-up: the starter Echo could not be created", err);
    return null;
  }
}

/**
 * Applies a (partial) change to the user's Echo; null when the user has no such Echo. Editing never
 * changes who answers the phone; deactivating the Echo that answers hands the phone over
 * (handOverPhoneEcho), activating one when none answers makes it the answerer (answerIfUnanswered).
 */
export async function updateEcho(database: Db, userId: string, echoId: string, patch: EchoPatch, now = Date.now()): Promise<Echo | null> {
  const set: Partial<EchoRow> = { updatedAt: now };
  for (const key of ["name", "description", "personality", "expertise", "instructions", "voiceStyle", "isActive", "recordCalls", "rememberCallers"] as const) {
    if (patch[key] !== undefined) Object.assign(set, { [key]: patch[key] });
  }
  const update = database
    .update(echoes)
    .set(set)
    .where(and(eq(echoes.id, echoId), eq(echoes.userId, userId)))
    .returning();
  if (patch.isActive === undefined) {
    const row = await update.get();
    return row ? toEcho(row) : null;
  }
  const phone = patch.isActive ? answerIfUnanswered(database, userId, echoId) : handOverPhoneEcho(database, userId, echoId);
  const [rows] = await database.batch([update, phone]);
  return rows[0] ? toEcho(rows[0]) : null;
}
