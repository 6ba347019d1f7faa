// Who answers a phone call. A caller whose number is linked to an account gets that account's phone
// Echo and the call is theirs; anyone else gets the built-in assistant and the call belongs to no one.
import { DEFAULT_ASSISTANT_NAME } from "../../protocol/phone";
import type { Persona } from "../ai/provider";
import type { Db } from "./client";
import { personaOf } from "./echoes";
import { answeringEcho, userByPhone } from "./phone";

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
  /** The call is recorded: the Echo's setting; calls that belong to no one are never recorded. */
  record: boolean;
}

const nobody: Answerer = { userId: null, echoId: null, echoName: DEFAULT_ASSISTANT.name, persona: DEFAULT_ASSISTANT, record: false };

/** The answerer for `userId`'s calls: their phone Echo, or the built-in assistant when they have no active Echo. */
export async function answererForUser(database: Db, userId: string, phoneEchoId: string | null): Promise<Answerer> {
  const echo = await answeringEcho(database, userId, phoneEchoId);
  if (!echo) return { ...nobody, userId, record: true };
  return { userId, echoId: echo.id, echoName: echo.name, persona: personaOf(echo), record: echo.recordCalls };
}

/** The answerer for a caller's number (null: a withheld or unusable caller ID, nobody's call). */
export async function answererForNumber(database: Db, number: string | null): Promise<Answerer> {
  const user = number ? await userByPhone(database, number) : null;
  if (!user) return nobody;
  return answererForUser(database, user.id, user.phoneEchoId);
}
