// The call side of the actions port (worker/pipeline/actions/port.ts): what a caller's "remember this",
// "call me back tomorrow at 8", "what are my follow-ups?" reach. Personal actions are for the owner
// only, so a caller who isn't verified (a phone call without attestation, PIN or our own callback:
// issue 42 §4) is told so and nothing is touched.
//
// In this branch the memory module (worker/memory/: rememberItem, forgetMatching, listFollowUps) and
// the callbacks module (worker/callbacks/: scheduleCallback, cancelCallback) are not there yet, so each
// capability answers honestly that it isn't available ("I can't set reminders or call you back yet");
// the merge points these functions at those modules, one line each (see the MERGE notes).
import type { Env } from "../config/env";
import type { ActionPort, PortAnswer } from "../pipeline/actions/port";

export interface CallIdentity {
  /** The call's owner; null for a phone call from an unknown number (no one's Echo data to act on). */
  userId: string | null;
  echoId: string | null;
  callId: string;
  /** The caller is known to be the owner now (calls.caller_verified: a test call, or a PIN keyed in during the call). */
  verified: () => boolean;
}

const UNAVAILABLE = { ok: false, problem: "unavailable" } as const;
const UNVERIFIED = { ok: false, problem: "unverified" } as const;

/** The port for one call. `env` is for the modules the merge wires in (D1, the callbacks' Durable Object). */
export function callActions(env: Env, call: CallIdentity): ActionPort {
  void env;
  /** Runs `run` for the verified owner only. */
  const owner = async <T, P extends string>(run: (scope: { userId: string; echoId: string }) => Promise<PortAnswer<T, P>>): Promise<PortAnswer<T, P>> => {
    if (!call.verified() || !call.userId || !call.echoId) return UNVERIFIED;
    return run({ userId: call.userId, echoId: call.echoId });
  };
  return {
    // MERGE: rememberItem(db(env.DB), scope, { kind, text, sourceCallId: call.callId, saidAt: Date.now() }) → { ok: true }
    remember: () => owner(async () => UNAVAILABLE),
    // MERGE: forgetMatching(db(env.DB), scope, phrase) → { ok: true, value: { removed } }
    forget: () => owner(async () => UNAVAILABLE),
    // MERGE: scheduleCallback(env, { ...scope, sourceCallId: call.callId, dueAt, reason, callerNamedTime }) → ok: callback.dueAt,
    //        waitingForNumber: callback.status === "waiting_for_number"; else its problem as is
    scheduleCallback: () => owner(async () => UNAVAILABLE),
    // MERGE: cancelCallback(env, userId, "next") → { ok: true, value: view ? { dueAt, reason } : null }
    cancelCallback: () => owner(async () => UNAVAILABLE),
    // MERGE: listFollowUps(db(env.DB), scope) → { ok: true, value: { items: items.map((i) => i.text) } }
    listFollowUps: () => owner(async () => UNAVAILABLE),
  };
}
