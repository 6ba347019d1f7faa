// The calls table as Twilio's webhooks see it: calls are found by Twilio's CallSid (provider_call_id)
// or, for the media stream, by our call id.
import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import { calls } from "./schema";

/** The call Twilio knows as `callSid`, with its status (no row: none yet). */
export function phoneCallBySidQuery(database: Db, callSid: string) {
  return database.select({ id: calls.id, status: calls.status, startTime: calls.startTime }).from(calls).where(eq(calls.providerCallId, callSid)).limit(1);
}

/** The call Twilio knows as `callSid` with its status, or null. */
export async function phoneCallBySid(database: Db, callSid: string): Promise<{ id: string; status: string } | null> {
  return (await phoneCallBySidQuery(database, callSid).get()) ?? null;
}

/** The status of phone call `callId`, or null when there is no phone call with this id. */
export async function phoneCallStatus(database: Db, callId: string): Promise<string | null> {
  const row = await database
    .select({ status: calls.status })
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.callType, "phone")))
    .get();
  return row?.status ?? null;
}

/** Records Twilio's own call duration (authoritative; writing the same value again changes nothing). */
export async function setProviderDuration(database: Db, callId: string, callSid: string, seconds: number): Promise<void> {
  await database.update(calls).set({ duration: seconds }).where(and(eq(calls.id, callId), eq(calls.providerCallId, callSid)));
}
