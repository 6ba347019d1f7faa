// Echo persistence: every query is scoped to the owner, so someone else's id simply finds nothing.
import { and, desc, eq } from "drizzle-orm";
import type { Echo, EchoFields, EchoPatch, Expertise, Personality, VoiceStyle } from "../../protocol/echo";
import type { Persona } from "../ai/provider";
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

/** The Echo every new account gets, so a first call needs no setup: a friendly generalist, marked as the starter. */
export const STARTER_ECHO: EchoFields = {
  name: "Echo",
  description: "Your starter Echo: a friendly, general assistant to try a first call with. Edit it to make it yours, or deactivate it.",
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
    const row = await database
      .insert(echoes)
      .values({ id: crypto.randomUUID(), userId, ...STARTER_ECHO, starter: true, isActive: true, totalCalls: 0, createdAt: now, updatedAt: now })
      .returning()
      .get();
    return toEcho(row);
  } catch (err) {
    console.error("sign-up: the starter Echo could not be created", err);
    return null;
  }
}

/** Applies a (partial) change to the user's Echo; null when the user has no such Echo. */
export async function updateEcho(database: Db, userId: string, echoId: string, patch: EchoPatch, now = Date.now()): Promise<Echo | null> {
  const set: Partial<EchoRow> = { updatedAt: now };
  for (const key of ["name", "description", "personality", "expertise", "instructions", "voiceStyle", "isActive", "recordCalls", "rememberCallers"] as const) {
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
