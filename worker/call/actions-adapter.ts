// The call side of the actions port (worker/pipeline/actions/port.ts): what a caller's "remember this",
// "call me back tomorrow at 8", "what are my follow-ups?" reach — the memory module (worker/memory/)
// and the callbacks module (worker/callbacks/). Personal actions are for the owner only, so a caller
// who isn't verified (a phone call without full attestation, PIN or our own callback: issue 42 §4) is
// told so and nothing is touched. Memory actions also need the Echo's "Remember callers" on.
import type { Env } from "../config/env";
import { db } from "../db/client";
import { getEcho } from "../db/echoes";
import { cancelCallback, scheduleCallback } from "../callbacks/schedule";
import { extractFacts } from "../memory/extractive";
import { forgetMatching, listFollowUps, rememberItem } from "../memory/store";
import type { ActionPort, PortAnswer } from "../pipeline/actions/port";

export interface CallIdentity {
  /** The call's owner; null for a phone call from an unknown number (no one's Echo data to act on). */
  userId: string | null;
  echoId: string | null;
  callId: string;
  /** The caller is known to be the owner now (calls.caller_verified: a test call, attestation, our callback, or a PIN keyed in during the call). */
  verified: () => boolean;
}

const UNAVAILABLE = { ok: false, problem: "unavailable" } as const;
const UNVERIFIED = { ok: false, problem: "unverified" } as const;

interface Scope {
  userId: string;
  echoId: string;
}

/** The port for one call. */
export function callActions(env: Env, call: CallIdentity): ActionPort {
  const database = () => db(env.DB);
  /** Runs `run` for the verified owner only. */
  const owner = async <T, P extends string>(run: (scope: Scope) => Promise<PortAnswer<T, P>>): Promise<PortAnswer<T, P>> => {
    if (!call.verified() || !call.userId || !call.echoId) return UNVERIFIED;
    return run({ userId: call.userId, echoId: call.echoId });
  };
  /** Memory actions: the owner's, and only while the Echo remembers callers. */
  const memory = <T>(run: (scope: Scope) => Promise<PortAnswer<T>>): Promise<PortAnswer<T>> =>
    owner(async (scope) => ((await getEcho(database(), scope.userId, scope.echoId))?.rememberCallers ? run(scope) : UNAVAILABLE));

  return {
    remember: (item) =>
      memory(async (scope) => {
        const now = Date.now();
        // A fact is filed under what it is about (a person, an event with its date, a liking…) as the
        // after-call pass would file it; what the pass can't place is kept as the caller said it.
        const found = item.kind === "fact" ? extractFacts([{ text: item.text, at: now }])[0] : undefined;
        const fact = found
          ? { kind: found.kind, subject: found.subject, text: found.text, expiresAt: found.expiresAt }
          : { kind: item.kind === "follow_up" ? ("follow_up" as const) : ("concern" as const), text: item.text };
        await rememberItem(database(), scope, { ...fact, sourceCallId: call.callId, saidAt: now }, now);
        return { ok: true, value: undefined };
      }),
    forget: (phrase) => memory(async (scope) => ({ ok: true, value: { removed: await forgetMatching(database(), scope, phrase) } })),
    listFollowUps: () => memory(async (scope) => ({ ok: true, value: { items: (await listFollowUps(database(), scope)).map((i) => i.text) } })),
    scheduleCallback: (input) =>
      owner(async (scope) => {
        const result = await scheduleCallback(env, { ...scope, sourceCallId: call.callId, dueAt: input.dueAt, reason: input.reason, callerNamedTime: input.callerNamedTime });
        if (!result.ok) return { ok: false, problem: result.problem };
        return { ok: true, value: { dueAt: result.callback.dueAt, waitingForNumber: result.callback.status === "waiting_for_number" } };
      }),
    cancelCallback: () =>
      owner(async (scope) => {
        const view = await cancelCallback(env, scope.userId, "next");
        return { ok: true, value: view ? { dueAt: view.dueAt, reason: view.reason } : null };
      }),
  };
}
