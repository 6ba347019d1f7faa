// Phone numbers linked to accounts, link codes, and which Echo answers a linked caller.
import { and, desc, eq, getTableColumns, gt, lte, ne, type SQL, sql } from "drizzle-orm";
import { LINK_CODE_DIGITS, LINK_CODE_TTL_MS, type PhoneLinkCode } from "../../protocol/phone";
import type { Db } from "./client";
import type { EchoRow } from "./echoes";
import { callbacks, callParticipants, calls, echoes, phoneLinkCodes, users } from "./schema";

export interface PhoneAccount {
  linkedNumber: string | null;
  phoneEchoId: string | null;
  answeringEcho: EchoRow | null;
  pendingCode: PhoneLinkCode | null;
}

/**
 * The Echo that answers the calls of the user matching `who` (a condition on `users`): their chosen
 * phone Echo while it is active. The choice is explicit (set by the first Echo made, moved when it is
 * deactivated: worker/db/echoes.ts), so the fallback, their most recently updated active one, only
 * covers rows that predate it or were written around it. One query: the chosen Echo sorts first, and
 * the user's row comes in by the join, so a caller's number finds both at once.
 */
export function answeringEchoQuery(database: Db, who: SQL) {
  return database
    .select(getTableColumns(echoes))
    .from(echoes)
    .innerJoin(users, eq(echoes.userId, users.id))
    .where(and(who, eq(echoes.isActive, true)))
    .orderBy(sql`${echoes.id} IS ${users.phoneEchoId} DESC`, desc(echoes.updatedAt), desc(echoes.id))
    .limit(1);
}

/** The Echo that answers `userId`'s calls (answeringEchoQuery), or null when they have no active Echo. */
export async function answeringEcho(database: Db, userId: string): Promise<EchoRow | null> {
  return (await answeringEchoQuery(database, eq(users.id, userId)).get()) ?? null;
}

/** The user's phone settings as the Phone card shows them, in one D1 round trip; null for no such user. */
export async function phoneAccount(database: Db, userId: string, now = Date.now()): Promise<PhoneAccount | null> {
  const [userRows, codes, answering] = await database.batch([
    database.select({ phoneNumber: users.phoneNumber, phoneEchoId: users.phoneEchoId }).from(users).where(eq(users.id, userId)).limit(1),
    database
      .select({ code: phoneLinkCodes.code, expiresAt: phoneLinkCodes.expiresAt })
      .from(phoneLinkCodes)
      .where(and(eq(phoneLinkCodes.userId, userId), gt(phoneLinkCodes.expiresAt, now)))
      .limit(1),
    answeringEchoQuery(database, eq(users.id, userId)),
  ]);
  const user = userRows[0];
  if (!user) return null;
  return { linkedNumber: user.phoneNumber, phoneEchoId: user.phoneEchoId, answeringEcho: answering[0] ?? null, pendingCode: codes[0] ?? null };
}

function randomCode(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 10 ** LINK_CODE_DIGITS;
  return n.toString().padStart(LINK_CODE_DIGITS, "0");
}

/**
 * A fresh code for `userId` (replacing any earlier one), valid 10 minutes. Codes are unique among
 * pending codes; expired ones are swept first so they never block a new one.
 */
export async function createLinkCode(database: Db, userId: string, now = Date.now()): Promise<PhoneLinkCode> {
  await database.delete(phoneLinkCodes).where(lte(phoneLinkCodes.expiresAt, now));
  const expiresAt = now + LINK_CODE_TTL_MS;
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = randomCode();
    const row = await database
      .insert(phoneLinkCodes)
      .values({ userId, code, expiresAt })
      .onConflictDoUpdate({ target: phoneLinkCodes.userId, set: { code, expiresAt } })
      .returning({ code: phoneLinkCodes.code })
      .get()
      .catch((err: unknown) => {
        // Another user's pending code is the same: draw again.
        if (String(err).includes("UNIQUE")) return null;
        throw err;
      });
    if (row) return { code, expiresAt };
  }
  throw new Error("could not draw a unique link code");
}

/** What typing a code did: linked the number, matched no pending code, or met a number another account holds. */
export type LinkRedemption = { kind: "linked"; userId: string } | { kind: "no-match" } | { kind: "taken" };

/**
 * Redeems a code typed on the phone: when it is pending and unexpired, the code is consumed and
 * `phoneNumber` is linked to its user. A number linked to another account stays there ("taken", the
 * code stays pending): caller ID can be forged, so the keypad never moves a number between accounts;
 * its account unlinks it on the dashboard first. A wrong or expired code changes nothing.
 */
export async function redeemLinkCode(database: Db, code: string, phoneNumber: string, now = Date.now(), onlyUserId?: string): Promise<LinkRedemption> {
  // `onlyUserId`: a call we placed to link a number for this user redeems only their code.
  const pending = await database
    .select({ userId: phoneLinkCodes.userId })
    .from(phoneLinkCodes)
    .where(and(eq(phoneLinkCodes.code, code), gt(phoneLinkCodes.expiresAt, now), onlyUserId ? eq(phoneLinkCodes.userId, onlyUserId) : undefined))
    .get();
  if (!pending) return { kind: "no-match" };
  const holder = await userByPhoneQuery(database, phoneNumber).get();
  if (holder && holder.id !== pending.userId) return { kind: "taken" };
  const codePending = sql`exists (select 1 from ${phoneLinkCodes} where ${phoneLinkCodes.userId} = ${pending.userId} and ${phoneLinkCodes.code} = ${code} and ${phoneLinkCodes.expiresAt} > ${now})`;
  const [, consumed] = await database.batch([
    // Only while the code is pending and no other account holds the number (the batch is one transaction).
    database
      .update(users)
      .set({ phoneNumber })
      .where(and(eq(users.id, pending.userId), codePending, sql`not exists (select 1 from ${users} as other where other.phone_number = ${phoneNumber} and other.id <> ${pending.userId})`)),
    // The code is spent once the number is theirs.
    database
      .delete(phoneLinkCodes)
      .where(and(eq(phoneLinkCodes.userId, pending.userId), eq(phoneLinkCodes.code, code), sql`exists (select 1 from ${users} where ${users.id} = ${pending.userId} and ${users.phoneNumber} = ${phoneNumber})`))
      .returning({ userId: phoneLinkCodes.userId }),
  ]);
  return consumed.length > 0 ? { kind: "linked", userId: pending.userId } : { kind: "no-match" };
}

/** The account a caller's number is linked to (at most one: the number is unique, and the keypad never moves it). */
export function userByPhoneQuery(database: Db, phoneNumber: string) {
  return database.select({ id: users.id, recordCallsWithoutEcho: users.recordCallsWithoutEcho }).from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
}

export async function unlinkPhone(database: Db, userId: string): Promise<void> {
  await database.update(users).set({ phoneNumber: null }).where(eq(users.id, userId));
}

export type ChooseEchoResult = "ok" | "not-found" | "inactive";

/** Chooses the phone Echo. Only the user's own active Echoes qualify. */
export async function choosePhoneEcho(database: Db, userId: string, echoId: string): Promise<ChooseEchoResult> {
  const echo = await database
    .select({ isActive: echoes.isActive })
    .from(echoes)
    .where(and(eq(echoes.id, echoId), eq(echoes.userId, userId)))
    .get();
  if (!echo) return "not-found";
  if (!echo.isActive) return "inactive";
  await database.update(users).set({ phoneEchoId: echoId }).where(eq(users.id, userId));
  return "ok";
}

/**
 * After linking mid-call, the phone call becomes the linking user's call (it then appears on their
 * dashboard) and continues with `echoId`. When it changes hands, whoever the previous owner invited
 * (or who joined) loses it: their participant rows go, and their ids come back to be told.
 */
export async function claimPhoneCall(database: Db, callId: string, userId: string, echoId: string | null): Promise<{ claimed: boolean; removedParticipants: string[] }> {
  // Only when it changes hands (read before the update, in the same transaction): an owner who links
  // their own number again keeps their guests.
  const changesHands = sql`(select ${calls.userId} from ${calls} where ${calls.id} = ${callId}) is not ${userId}`;
  const [removed, rows] = await database.batch([
    database
      .delete(callParticipants)
      .where(and(eq(callParticipants.callId, callId), ne(callParticipants.userId, userId), changesHands))
      .returning({ userId: callParticipants.userId }),
    database
      .update(calls)
      .set({ userId, echoId })
      .where(and(eq(calls.id, callId), eq(calls.callType, "phone")))
      .returning({ id: calls.id }),
  ]);
  return { claimed: rows.length > 0, removedParticipants: removed.map((p) => p.userId) };
}

/**
 * `userId` has linked a number: their callbacks waiting for one are scheduled when still in the future
 * (their alarm is already set for their time: worker/callbacks/), missed when their time has passed.
 */
export async function releaseWaitingCallbacks(database: Db, userId: string, now = Date.now()): Promise<void> {
  const waiting = and(eq(callbacks.userId, userId), eq(callbacks.status, "waiting_for_number"));
  await database.batch([
    database.update(callbacks).set({ status: "missed", lastError: "no_number_in_time", updatedAt: now }).where(and(waiting, lte(callbacks.dueAt, now))),
    database.update(callbacks).set({ status: "scheduled", updatedAt: now }).where(and(waiting, gt(callbacks.dueAt, now))),
  ]);
}
