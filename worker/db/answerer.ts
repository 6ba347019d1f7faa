// Who answers a phone call. A caller whose number is linked to an account gets that account's phone
// Echo and the call is theirs; anyone else gets the built-in assistant and the call belongs to no one.
import { eq } from "drizzle-orm";
import { DEFAULT_ASSISTANT_NAME } from "../../protocol/phone";
import type { Persona } from "../ai/provider";
import type { Db } from "./client";
import { type EchoRow, personaOf } from "./echoes";
import { answeringEcho, answeringEchoQuery, userByPhoneQuery } from "./phone";
import { phoneCallBySidQuery } from "./phone-calls";
import { users } from "./schema";

/** The built-in assistant that answers callers whose number is not linked to any account. */
export const DEFAULT_ASSISTANT: Persona = {
  name: DEFAULT_ASSISTANT_NAME,
  description: "The public Echo phone line: a warm, emotionally aware assistant anyone can call.",
  personality: "friendly",
  expertise: "general",
  instructions:
    "You answer the public Echo phone line. Keep replies short and spoken-friendly. If the caller asks how to get " +
    "their own assistant, explain that they can sign up on the Echo website, create an Echo, and link this phone " +
    "number by typing the six-digit code from their dashboard on the keypad during a call.",
  voiceStyle: "warm",
};

/** The party answering a phone call. */
export interface Answerer {
  userId: string | null;
  echoId: string | null;
  echoName: string;
  persona: Persona;
  /**
   * The call is recorded: the Echo's setting (without an active Echo, the account's), calls that belong
   * to no one are never recorded.
   */
  record: boolean;
}

const nobody: Answerer = { userId: null, echoId: null, echoName: DEFAULT_ASSISTANT.name, persona: DEFAULT_ASSISTANT, record: false };

/** The answerer for `userId`'s calls: their phone Echo, or the built-in assistant when they have no active Echo. */
export async function answererForUser(database: Db, userId: string): Promise<Answerer> {
  const [owner, echo] = await Promise.all([
    database.select({ id: users.id, recordCallsWithoutEcho: users.recordCallsWithoutEcho }).from(users).where(eq(users.id, userId)).get(),
    answeringEcho(database, userId),
  ]);
  return answererOf({ id: userId, recordCallsWithoutEcho: owner?.recordCallsWithoutEcho ?? true }, echo);
}

/** Without an active Echo the built-in assistant answers, recorded as the account's switch says (Settings). */
function answererOf(owner: { id: string; recordCallsWithoutEcho: boolean }, echo: EchoRow | null): Answerer {
  if (!echo) return { ...nobody, userId: owner.id, record: owner.recordCallsWithoutEcho };
  return { userId: owner.id, echoId: echo.id, echoName: echo.name, persona: personaOf(echo), record: echo.recordCalls };
}

/** A call coming in as Twilio's `callSid` from `number` (null: a withheld or unusable caller ID). */
export interface IncomingCall {
  /** This call as a webhook for it before wrote it (Twilio retries), else null. */
  earlier: { id: string; status: string; startTime: number } | null;
  answerer: Answerer;
}

/**
 * What the voice webhook needs before it answers, in one D1 round trip (Twilio waits for the answer
 * while the caller hears it ring): an earlier call with this CallSid, the account the number is linked
 * to, and that account's answering Echo.
 */
export async function incomingCall(database: Db, callSid: string, number: string | null): Promise<IncomingCall> {
  const sid = phoneCallBySidQuery(database, callSid);
  if (!number) return { earlier: (await sid.get()) ?? null, answerer: nobody };
  const [known, owners, echoRows] = await database.batch([sid, userByPhoneQuery(database, number), answeringEchoQuery(database, eq(users.phoneNumber, number))]);
  const owner = owners[0];
  return { earlier: known[0] ?? null, answerer: owner ? answererOf(owner, echoRows[0] ?? null) : nobody };
}

/**
 * What /twilio/voice (or a callback we placed) hands the call's CallSession before the media stream
 * connects: the answerer and the call's identity. Here, beside Answerer, so callbacks and the call's
 * setup share it without depending on each other.
 */
export interface PhoneCallSetup extends Answerer {
  callId: string;
  callSid: string;
  fromNumber: string | null;
  startTime: number;
  /** Full STIR/SHAKEN attestation, or a callback we placed (issue 42 §4); false unless proven. */
  callerVerified?: boolean;
  /** The owner's time zone, for a verified caller. */
  timeZone?: string | null;
  /** A fixed first line instead of the greeting (a callback's reason). */
  opening?: string | null;
  /** A call we placed to link its number for this user. */
  linkFor?: string | null;
}
