// Echo persistence: every query is scoped to the owner, so someone else's id simply finds nothing.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Echo, EchoFields, EchoPatch, Expertise, Personality, VoiceStyle } from "../../protocol/echo";
import type { Persona } from "../ai/provider";
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

/** A copy of the user's Echo `echoId` named "<name> (copy)": a new Echo like any other (active, no calls, not the starter); null when they have no such Echo. */
export async function duplicateEcho(database: Db, userId: string, echoId: string, now = Date.now()): Promise<Echo | null> {
  const source = await getEcho(database, userId, echoId);
  if (!source) return null;
  const { name, description, personality, expertise, instructions, voiceStyle, recordCalls } = source;
  const copyName = `${name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
  return createEcho(database, userId, { name: copyName, description, personality, expertise, instructions, voiceStyle, recordCalls }, now);
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
};

/**
 * Gives a new account its starter Echo. A failure is logged, not thrown: the account exists already,
 * and the Echoes tab still lets the user create one.
 */
export async function createStarterEcho(database: Db, userId: string, now = Date.now()): Promise<Echo | null> {
  try {
    return await createEcho(database, userId, STARTER_ECHO, now, { starter: true });
  } catch (err) {
    console.error("sign-up: the starter Echo could not be created", err);
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
  for (const key of ["name", "description", "personality", "expertise", "instructions", "voiceStyle", "isActive", "recordCalls"] as const) {
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
