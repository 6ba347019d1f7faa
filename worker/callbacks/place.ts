// Placing a due callback (the alarm of its CallbackAlarm object wakes this) and what happens when an
// attempt reaches nobody. Placed once: the attempt is claimed by a conditional write (scheduled →
// ringing, attempts n → n+1) before the REST request, and the request itself is never retried after
// Twilio may have acted on it (rest-calls.ts). So an alarm that runs again, a restart mid-way or a
// cancel at the same moment rings nobody twice; at most CALLBACK_MAX_ATTEMPTS calls are ever created.
import { sql } from "drizzle-orm";
import { CALLBACK_MAX_ATTEMPTS, CALLBACK_RETRY_AFTER_MS } from "../../protocol/callbacks";
import { readConfig } from "../config/config";
import type { Env } from "../config/env";
import { callbackById, callbackContext, moveCallback, type CallbackRow } from "./callback-rows";
import { db, type Db } from "../db/client";
import { logError } from "../lib/safe-error";
import { TwilioRestError } from "../twilio/rest-client";
import { createTwilioCall } from "../twilio/rest-calls";
import { callbackAlarmStub } from "./alarm-stub";
import { inQuietHours } from "./rules";
import { validTimeZone } from "../lib/zoned-time";

/** What the alarm does next: ring again at `at`, nothing (a status callback or a linked number arms it), or forget the callback. */
export type AlarmNext = { kind: "again"; at: number } | { kind: "waiting" } | { kind: "done" };

/** Our webhook URLs for attempt `attempt` of callback `id` (Twilio signs them, query included). */
export function callbackUrls(publicHost: string, id: string, attempt: number): { url: string; statusCallback: string } {
  const query = `callback=${encodeURIComponent(id)}&attempt=${attempt}`;
  return { url: `${publicHost}/twilio/voice?${query}`, statusCallback: `${publicHost}/twilio/status?${query}` };
}

export async function placeDueCallback(env: Env, id: string, now: number): Promise<AlarmNext> {
  const database = db(env.DB);
  const row = await callbackById(database, id);
  if (!row) return { kind: "done" }; // deleted with its account
  if (row.status === "waiting_for_number") {
    // Its time came and still no number was linked.
    if (row.dueAt > now) return { kind: "again", at: row.dueAt };
    await moveCallback(database, id, { status: "waiting_for_number" }, { status: "missed", lastError: "no_number" });
    return { kind: "done" };
  }
  if (row.status !== "scheduled") return row.status === "ringing" ? { kind: "waiting" } : { kind: "done" };
  if (row.dueAt > now) return { kind: "again", at: row.dueAt };
  const context = await callbackContext(database, row.userId, row.echoId);
  if (!context?.phoneNumber) {
    // The number was unlinked after the callback was asked for.
    await moveCallback(database, id, { status: "scheduled", attempts: row.attempts }, { status: "missed", lastError: "no_number" });
    return { kind: "done" };
  }
  const config = readConfig(env);
  if (!config.twilioRest || !config.publicHost) {
    await moveCallback(database, id, { status: "scheduled", attempts: row.attempts }, { status: "missed", lastError: "not_configured" });
    return { kind: "done" };
  }
  const attempt = row.attempts + 1;
  const claimed = await moveCallback(database, id, { status: "scheduled", attempts: row.attempts }, { status: "ringing", attempts: attempt, toNumber: context.phoneNumber, providerCallId: null });
  if (!claimed) return { kind: "waiting" }; // someone else placed or cancelled it meanwhile
  try {
    const created = await createTwilioCall(
      config.twilioRest,
      { to: context.phoneNumber, from: config.phoneNumber.replace(/[^+\d]/g, ""), ...callbackUrls(config.publicHost, id, attempt) },
    );
    // The voice webhook may already have recorded this CallSid (it can come before this answer does).
    await database.run(sql`UPDATE callbacks SET provider_call_id = ${created.sid} WHERE id = ${id} AND attempts = ${attempt} AND provider_call_id IS NULL`);
    return { kind: "waiting" };
  } catch (err) {
    if (!(err instanceof TwilioRestError)) throw err;
    logError(`callback ${id}: Twilio did not place attempt ${attempt}`, err);
    return attemptReachedNobody(env, database, { ...row, status: "ringing", attempts: attempt }, `twilio_${err.code ?? (err.status || "unreachable")}`, now, err.transient);
  }
}

/**
 * Attempt `row.attempts` reached nobody (no answer, busy, failed, or Twilio refused or was unreachable):
 * one retry CALLBACK_RETRY_AFTER_MS later when attempts are left and `retry` allows (not outside the
 * rules: quiet hours apply to a retry the caller did not name), else missed.
 */
export async function attemptReachedNobody(env: Env, database: Db, row: CallbackRow, reason: string, now: number, retry = true): Promise<AlarmNext> {
  const zone = validTimeZone((await callbackContext(database, row.userId, row.echoId))?.timeZone) ?? "UTC";
  const at = now + CALLBACK_RETRY_AFTER_MS;
  const again = retry && row.attempts < CALLBACK_MAX_ATTEMPTS && (row.callerNamedTime || !inQuietHours(at, zone));
  const from = { status: "ringing" as const, attempts: row.attempts };
  if (again && (await moveCallback(database, row.id, from, { status: "scheduled", dueAt: at, lastError: reason }))) {
    await callbackAlarmStub(env, row.id).arm(row.id, at);
    return { kind: "again", at };
  }
  await moveCallback(database, row.id, from, { status: "missed", lastError: reason });
  return { kind: "done" };
}
