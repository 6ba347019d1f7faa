// User persistence. Emails are stored lower-cased, so lookups and the unique index are case-insensitive.
import { and, eq, isNull } from "drizzle-orm";
import type { UserProfile } from "../../protocol/api";
import type { Db } from "./client";
import { phoneLinkCodes, sessions, trustedBrowsers, users } from "./schema";

/** A user as D1 stores it. */
export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** §3: displayName defaults to the part of the email before the @. */
export function defaultDisplayName(email: string): string {
  return email.split("@")[0] ?? email;
}

/** The public shape of a user (never the password hash or Google subject). */
export function toProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    photoURL: row.photoURL,
    createdAt: row.createdAt,
    totalCalls: row.totalCalls,
    subscription: row.subscription,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

export async function findUserByEmail(database: Db, email: string): Promise<UserRow | undefined> {
  return database.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
}

export async function findUserByGoogleSub(database: Db, sub: string): Promise<UserRow | undefined> {
  return database.select().from(users).where(eq(users.googleSub, sub)).get();
}

export interface NewUser {
  email: string;
  displayName?: string | null;
  photoURL?: string | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  /** When the address was proved (Google's email_verified at sign-up); null: not yet. */
  emailVerifiedAt?: number | null;
}

/** Thrown by createUser when the email (or Google subject) is already taken. */
export class DuplicateUserError extends Error {}

/** §3/§9: new users start with totalCalls 0 and subscription 'free'. */
export async function createUser(database: Db, input: NewUser, now = Date.now()): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const row: UserRow = {
    id: crypto.randomUUID(),
    email,
    displayName: input.displayName?.trim() || defaultDisplayName(email),
    photoURL: input.photoURL ?? null,
    createdAt: now,
    totalCalls: 0,
    subscription: "free",
    passwordHash: input.passwordHash ?? null,
    googleSub: input.googleSub ?? null,
    phoneNumber: null,
    phoneEchoId: null,
    emailVerifiedAt: input.emailVerifiedAt ?? null,
    recordCallsWithoutEcho: true,
    timeZone: null,
    phonePinHash: null,
  };
  try {
    await database.insert(users).values(row);
  } catch (err) {
    if (/UNIQUE constraint failed/i.test(String(err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : err))) {
      throw new DuplicateUserError("user already exists");
    }
    throw err;
  }
  return row;
}

/**
 * Links a Google identity to an existing account; fills photoURL only if the account has none. Google
 * has verified the email; whoever set the account's password had not (sign-up checks no mailbox), so
 * the password goes and every session of the account ends with it: someone who registered the address
 * first keeps no way in (a pre-account takeover). So does a phone number they linked (calls from it
 * would be the owner's, answered by an Echo they chose) and a link code they have pending. The owner
 * signs in with Google from then on. (The caller closes the ended sessions' sockets.)
 */
export async function linkGoogle(database: Db, user: UserRow, sub: string, photoURL: string | null): Promise<UserRow> {
  const patch = {
    googleSub: sub,
    photoURL: user.photoURL ?? photoURL,
    passwordHash: null,
    phoneNumber: null,
    phoneEchoId: null,
    emailVerifiedAt: Date.now(), // Google verified the address
  };
  await database.batch([
    database.delete(sessions).where(eq(sessions.userId, user.id)),
    database.delete(trustedBrowsers).where(eq(trustedBrowsers.userId, user.id)),
    database.delete(phoneLinkCodes).where(eq(phoneLinkCodes.userId, user.id)),
    database.update(users).set(patch).where(eq(users.id, user.id)),
  ]);
  return { ...user, ...patch };
}

export async function updatePasswordHash(database: Db, userId: string, passwordHash: string): Promise<void> {
  await database.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Marks the address proved, if it is still `email` (a link sent before an address change proves nothing). */
export async function markEmailVerified(database: Db, userId: string, email: string, now = Date.now()): Promise<boolean> {
  const rows = await database
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserById(database: Db, userId: string): Promise<UserRow | undefined> {
  return database.select().from(users).where(eq(users.id, userId)).get();
}

/** The account's switch for recording the phone calls no active Echo answers. */
export async function setRecordCallsWithoutEcho(database: Db, userId: string, on: boolean): Promise<void> {
  await database.update(users).set({ recordCallsWithoutEcho: on }).where(eq(users.id, userId));
}

// The owner's time zone (users.time_zone, an IANA name): read for calls and callbacks, set from the
// browser on first load (only when empty) and from Settings.
export async function timeZoneOf(database: Db, userId: string): Promise<string | null> {
  return (await database.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).get())?.timeZone ?? null;
}

/** Sets the zone; `onlyIfEmpty`: only when none is set yet (the browser's guess never overrides a choice). */
export async function setTimeZone(database: Db, userId: string, zone: string, onlyIfEmpty: boolean): Promise<string | null> {
  await database
    .update(users)
    .set({ timeZone: zone })
    .where(onlyIfEmpty ? and(eq(users.id, userId), isNull(users.timeZone)) : eq(users.id, userId));
  return timeZoneOf(database, userId);
}
