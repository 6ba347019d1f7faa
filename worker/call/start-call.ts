// Opening a browser test call: the start_call must name the signed-in user and one of their active
// Echoes. Only then is the call row created in D1 (status in progress); any refusal creates nothing.
import type { ClientMessage } from "../../protocol/call";
import type { Persona } from "../ai/provider";
import { db } from "../db/client";
import { createCallRow, findCallableEcho } from "../db/call-writes";
import { toEcho, type EchoRow } from "../db/echoes";
import type { Env } from "../env";
import type { CallAi, CallState } from "./store";

export type StartOutcome = { ok: true; state: CallState } | { ok: false; code: string; error: string };

export function personaOf(row: EchoRow): Persona {
  const { name, description, personality, expertise, instructions, voiceStyle } = toEcho(row);
  return { name, description, personality, expertise, instructions, voiceStyle };
}

export async function startBrowserCall(
  env: Env,
  grant: { callId: string; userId: string | null },
  message: Extract<ClientMessage, { type: "start_call" }>,
  ai: CallAi,
  now = Date.now(),
): Promise<StartOutcome> {
  if (!grant.userId || message.userId !== grant.userId) {
    return { ok: false, code: "forbidden", error: "start_call must carry your own user id." };
  }
  const database = db(env.DB);
  const echo = await findCallableEcho(database, grant.userId, message.echoId);
  if (!echo) return { ok: false, code: "echo-not-found", error: "No active Echo with this id was found in your account." };
  await createCallRow(database, {
    id: grant.callId,
    userId: grant.userId,
    echoId: echo.id,
    callType: "browser_test",
    startTime: now,
  });
  const state: CallState = {
    callId: grant.callId,
    userId: grant.userId,
    echoId: echo.id,
    echoName: echo.name,
    persona: personaOf(echo),
    callType: "browser_test",
    ...ai,
    fromNumber: null,
    startTime: now,
    phase: "active",
    callerConnectedAt: now,
    endTime: null,
    finalStatus: null,
    endReason: null,
    d1Finalized: false,
  };
  return { ok: true, state };
}
