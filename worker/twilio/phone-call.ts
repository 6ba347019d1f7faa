// Who answers a phone call and the session state it starts with. A caller whose number is linked to
// an account gets that account's phone Echo and the call is theirs; anyone else gets the built-in
// assistant and the call belongs to no one.
import type { Persona } from "../ai/provider";
import { personaOf } from "../call/start-call";
import type { CallAi, CallState } from "../call/store";
import type { Db } from "../db/client";
import { answeringEcho, userByPhone } from "../db/phone";
import { DEFAULT_ASSISTANT } from "./default-assistant";

/** The party answering a phone call. */
export interface Answerer {
  userId: string | null;
  echoId: string | null;
  echoName: string;
  persona: Persona;
}

/** The answerer for `userId`'s calls: their phone Echo, or the built-in assistant when they have no active Echo. */
export async function answererForUser(database: Db, userId: string, phoneEchoId: string | null): Promise<Answerer> {
  const echo = await answeringEcho(database, userId, phoneEchoId);
  if (!echo) return { userId, echoId: null, echoName: DEFAULT_ASSISTANT.name, persona: DEFAULT_ASSISTANT };
  return { userId, echoId: echo.id, echoName: echo.name, persona: personaOf(echo) };
}

/**
 * Twilio's stand-ins for a withheld caller ID (ANONYMOUS, RESTRICTED, UNAVAILABLE, UNKNOWN spelled on a
 * keypad, or words): such a "number" identifies nobody, so it is never linked nor looked up.
 */
const WITHHELD = new Set(["+266696687", "+7378742833", "+86282452253", "+8656696"]);

/** The caller's number when it is a real E.164 number; null for withheld or malformed caller IDs. */
export function identifiableNumber(fromNumber: string | null): string | null {
  if (!fromNumber || !/^\+[1-9]\d{6,14}$/.test(fromNumber) || WITHHELD.has(fromNumber)) return null;
  return fromNumber;
}

export async function answererForCaller(database: Db, fromNumber: string | null): Promise<Answerer> {
  const number = identifiableNumber(fromNumber);
  const user = number ? await userByPhone(database, number) : null;
  if (!user) return { userId: null, echoId: null, echoName: DEFAULT_ASSISTANT.name, persona: DEFAULT_ASSISTANT };
  return answererForUser(database, user.id, user.phoneEchoId);
}

/** What /twilio/voice hands the call's CallSession before the media stream connects. */
export interface PhoneCallSetup extends Answerer {
  callId: string;
  callSid: string;
  fromNumber: string | null;
  startTime: number;
}

/** The session state of a phone call that is waiting for its media stream. */
export function phoneCallState(setup: PhoneCallSetup, ai: CallAi): CallState {
  return {
    callId: setup.callId,
    userId: setup.userId,
    echoId: setup.echoId,
    echoName: setup.echoName,
    persona: setup.persona,
    callType: "phone",
    ...ai,
    fromNumber: setup.fromNumber,
    startTime: setup.startTime,
    phase: "active",
    callerConnectedAt: null,
    endTime: null,
    finalStatus: null,
    endReason: null,
    d1Finalized: false,
  };
}
