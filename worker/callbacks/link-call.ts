// Linking a number by a call from us (issue 42 §4): the owner enters their number on the dashboard, Echo
// calls it, and whoever answers types the code shown on the owner's screen. Only someone holding that
// phone hears the call, so the number is proven without trusting caller ID. The call redeems only this
// owner's code; each call stops listening after three wrong codes; an owner may have Echo call at most
// LINK_CALLS_PER_HOUR times an hour (nobody can use us to ring a stranger's phone again and again).
import { readConfig } from "../config/config";
import type { Env } from "../config/env";
import type { PhoneLinkCall } from "../../protocol/phone";
import { answererForUser } from "../db/answerer";
import { readThrottle, recordFailure } from "../db/auth/auth-throttle";
import { createCallRow } from "../db/call-writes";
import { db } from "../db/client";
import { createLinkCode, userByPhoneQuery } from "../db/phone";
import { phoneCallBySidQuery } from "../db/phone-calls";
import { logError } from "../lib/safe-error";
import type { PhoneCallSetup } from "../db/answerer";
import { identifiableNumber } from "../twilio/caller-id";
import { createTwilioCall } from "../twilio/rest-calls";
import { TwilioRestError } from "../twilio/rest-client";

export const LINK_CALLS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;
const throttleKey = (userId: string) => `link-call:${userId}`;

export const LINK_CALL_OPENING =
  "Hi, this is Echo, calling so you can link this number to your account. Please type the six-digit code shown on your screen.";

export type LinkCallResult = { ok: true; call: PhoneLinkCall } | { ok: false; problem: "not-configured" | "invalid-number" | "taken" | "throttled" | "unreachable" };

/** "+1 (555) 010-1234" → "+15550101234"; null when it is not a callable E.164 number. */
export function normalizedNumber(raw: string): string | null {
  return identifiableNumber(raw.replace(/[\s().-]/g, ""));
}

export async function placeLinkCall(env: Env, userId: string, rawNumber: string, now = Date.now()): Promise<LinkCallResult> {
  const config = readConfig(env);
  if (!config.twilioRest || !config.publicHost) return { ok: false, problem: "not-configured" };
  const number = normalizedNumber(rawNumber);
  if (!number) return { ok: false, problem: "invalid-number" };
  const database = db(env.DB);
  const holder = await userByPhoneQuery(database, number).get();
  if (holder && holder.id !== userId) return { ok: false, problem: "taken" };
  const key = throttleKey(userId);
  if (((await readThrottle(database, key))?.lockedUntil ?? 0) > now) return { ok: false, problem: "throttled" };
  // Every call placed counts (not only failures): the limit is on ringing phones.
  await recordFailure(database, key, now, HOUR_MS, LINK_CALLS_PER_HOUR);
  const code = await createLinkCode(database, userId, now);
  const query = `link=${encodeURIComponent(userId)}`;
  try {
    await createTwilioCall(config.twilioRest, {
      to: number,
      from: config.phoneNumber.replace(/[^+\d]/g, ""),
      url: `${config.publicHost}/twilio/voice?${query}`,
      statusCallback: `${config.publicHost}/twilio/status?${query}`,
    });
  } catch (err) {
    if (!(err instanceof TwilioRestError)) throw err;
    logError("link call: Twilio did not place it", err);
    return { ok: false, problem: err.transient ? "unreachable" : "invalid-number" };
  }
  return { ok: true, call: { ...code, number } };
}

/** The voice webhook of a link call: the owner's (verified: we dialled `to`) call, opening with the instructions. */
export async function answerLinkCall(env: Env, hook: { userId: string; callSid: string; to: string | null }, now = Date.now()): Promise<PhoneCallSetup | null> {
  const number = hook.to ? identifiableNumber(hook.to) : null;
  if (!number) return null;
  const database = db(env.DB);
  const answerer = await answererForUser(database, hook.userId).catch(() => null);
  if (!answerer) return null;
  // A retried webhook joins the call the first one created.
  const earlier = (await phoneCallBySidQuery(database, hook.callSid).get()) ?? null;
  const callId = earlier?.id ?? crypto.randomUUID();
  const startTime = earlier?.startTime ?? now;
  if (!earlier) {
    await createCallRow(database, { id: callId, userId: hook.userId, echoId: answerer.echoId, callType: "phone", startTime, fromNumber: number, providerCallId: hook.callSid, callerVerified: true });
  }
  return { ...answerer, record: false, callId, callSid: hook.callSid, fromNumber: number, startTime, callerVerified: true, opening: LINK_CALL_OPENING, linkFor: hook.userId };
}
