// The owner's phone PIN (issue 42 §4): stored only as a scrypt hash (worker/auth/password.ts, the same
// form as passwords), set, cleared and looked up by the owner's id. Checking a keyed-in PIN, with its
// throttle, is worker/call/setup/pin-check.ts.
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { calls, users } from "./schema";

export async function pinHashOf(database: Db, userId: string): Promise<string | null> {
  const row = await database.select({ hash: users.phonePinHash }).from(users).where(eq(users.id, userId)).get();
  return row?.hash ?? null;
}

/** Stores a new PIN's hash (null: removes the PIN). */
export async function setPinHash(database: Db, userId: string, hash: string | null): Promise<void> {
  await database.update(users).set({ phonePinHash: hash }).where(eq(users.id, userId));
}

/** The call's caller is now known to be its owner (calls.caller_verified). */
export async function markCallerVerified(database: Db, callId: string): Promise<void> {
  await database.update(calls).set({ callerVerified: true }).where(eq(calls.id, callId));
}
