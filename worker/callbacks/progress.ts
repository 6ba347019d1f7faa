// Twilio's status callbacks for a callback we placed (StatusCallback, with the callback's id and attempt
// in its signed query): an attempt that ends with no-answer, busy, failed or canceled before anyone took
// it is retried once after CALLBACK_RETRY_AFTER_MS, then missed (place.ts). Replays change nothing: the
// row moves only from "ringing" at this attempt.
import { callbackById, moveCallback } from "./callback-rows";
import { db } from "../db/client";
import type { Env } from "../config/env";
import { attemptReachedNobody } from "./place";

const REACHED_NOBODY = new Set(["no-answer", "busy", "failed", "canceled"]);
const MACHINE = /^(machine_|fax$)/;

export interface CallbackStatusHook {
  callbackId: string;
  attempt: number;
  callSid: string;
  callStatus: string;
  answeredBy: string | null;
}

export async function callbackProgress(env: Env, hook: CallbackStatusHook, now = Date.now()): Promise<void> {
  const database = db(env.DB);
  const row = await callbackById(database, hook.callbackId);
  if (!row || row.attempts !== hook.attempt || row.status !== "ringing") return;
  if (row.providerCallId && row.providerCallId !== hook.callSid) return;
  if (REACHED_NOBODY.has(hook.callStatus)) {
    await attemptReachedNobody(env, database, row, `twilio_${hook.callStatus}`, now);
  } else if (hook.callStatus === "completed") {
    // Ended while still ringing for us: our voice webhook never took it (a machine hung up during
    // detection, or the person hung up before the Echo spoke).
    const voicemail = hook.answeredBy !== null && MACHINE.test(hook.answeredBy);
    await moveCallback(database, row.id, { status: "ringing", attempts: row.attempts }, voicemail ? { status: "voicemail" } : { status: "missed", lastError: "twilio_completed_unanswered" });
  }
}
