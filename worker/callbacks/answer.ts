// Twilio reached the owner for a callback we placed and requests our voice webhook (Url, with the
// callback's id and attempt in its signed query) once answering-machine detection has decided:
// a person (or "unknown") gets the Echo, which opens with the reason; the call is verified (we dialled
// the owner's linked number ourselves, issue 42 §4). A machine gets a short message, then a hang-up.
import { eq } from "drizzle-orm";
import { answererForUser } from "../db/answerer";
import { createCallRow, discardUnstartedCall, findCallableEcho } from "../db/call-writes";
import { callbackById, callbackContext, moveCallback } from "./callback-rows";
import { db } from "../db/client";
import { personaOf } from "../db/echoes";
import { calls } from "../db/schema";
import type { Env } from "../config/env";
import type { PhoneCallSetup } from "../db/answerer";

export type CallbackAnswer = { kind: "connect"; setup: PhoneCallSetup } | { kind: "say"; message: string };

/** AnsweredBy values that mean a machine (DetectMessageEnd reports the end of its greeting). */
const MACHINE = /^(machine_|fax$)/;

export const CALLBACK_SAY = {
  /** A person answered: the Echo's first line. */
  opening: (echoName: string, reason: string) => `Hi, it's ${echoName}, calling you back as you asked${reason ? `: ${reason.replace(/[.!?\s]+$/, "")}` : ""}.`,
  /**
   * After the voicemail's beep. No reason and nothing remembered: a voicemail can be heard by whoever
   * has the phone.
   */
  voicemail: (echoName: string, publicNumber: string) => `Hi, it's ${echoName} from Echo, calling you back as you asked. Sorry I missed you. You can call me any time at ${publicNumber}. Goodbye.`,
  gone: "Sorry, this call is no longer needed. Goodbye.",
} as const;

export interface CallbackWebhook {
  callbackId: string;
  attempt: number;
  callSid: string;
  answeredBy: string | null;
  publicNumber: string;
}

export async function answerCallback(env: Env, hook: CallbackWebhook, now = Date.now()): Promise<CallbackAnswer> {
  const database = db(env.DB);
  const row = await callbackById(database, hook.callbackId);
  const gone: CallbackAnswer = { kind: "say", message: CALLBACK_SAY.gone };
  if (!row || row.attempts !== hook.attempt) return gone;
  if (row.providerCallId && row.providerCallId !== hook.callSid) return gone;
  const context = await callbackContext(database, row.userId, row.echoId);
  const echo = row.echoId ? await findCallableEcho(database, row.userId, row.echoId) : null;
  const answerer = echo ? { userId: row.userId, echoId: echo.id, echoName: echo.name, persona: personaOf(echo), record: echo.recordCalls } : await answererForUser(database, row.userId);

  if (row.status === "ringing" && hook.answeredBy && MACHINE.test(hook.answeredBy)) {
    await moveCallback(database, row.id, { status: "ringing", attempts: row.attempts }, { status: "voicemail", providerCallId: hook.callSid });
    return { kind: "say", message: CALLBACK_SAY.voicemail(answerer.echoName, hook.publicNumber) };
  }
  let callId = row.callId;
  let startTime = now;
  const newCall = (id: string) =>
    createCallRow(database, { id, userId: row.userId, echoId: answerer.echoId, callType: "phone", startTime, fromNumber: row.toNumber, providerCallId: hook.callSid, callerVerified: true });
  if (row.status === "ringing") {
    // The call row first (the callback points at it), then the callback moves; if it lost the race
    // (a replay, a late status), the row goes again.
    callId = crypto.randomUUID();
    await newCall(callId);
    if (!(await moveCallback(database, row.id, { status: "ringing", attempts: row.attempts }, { status: "answered", callId, providerCallId: hook.callSid }))) {
      await discardUnstartedCall(database, callId);
      return gone;
    }
  } else if (row.status === "answered" && callId && row.providerCallId === hook.callSid) {
    // Twilio retried the webhook: the same call.
    startTime = (await database.select({ startTime: calls.startTime }).from(calls).where(eq(calls.id, callId)).get())?.startTime ?? now;
  } else {
    return gone;
  }
  return {
    kind: "connect",
    setup: {
      ...answerer,
      callId,
      callSid: hook.callSid,
      fromNumber: row.toNumber,
      startTime,
      callerVerified: true,
      timeZone: context?.timeZone ?? null,
      opening: CALLBACK_SAY.opening(answerer.echoName, row.reason),
    },
  };
}
