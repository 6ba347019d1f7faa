// Opening a browser test call (the business side of the caller's start_call; lines/browser.ts carries
// the socket): the start_call must name the signed-in user, whose session is still live, and one of
// their active Echoes, and the user may have at most MAX_TEST_CALLS_AT_ONCE test calls going and
// TEST_CALL_MINUTES_PER_DAY minutes of them in 24 hours. Only then
// is the call row created in D1; a call whose caller left while it was set up has its row removed.
import type { ClientMessage } from "../../../protocol/call-messages";
import { SIGNED_OUT_REASON } from "../../../protocol/sockets";
import { db } from "../../db/client";
import { createTestCallRow, discardUnstartedCall, findCallableEcho, testCallSecondsSince } from "../../db/call-writes";
import { readLimitSettings } from "../../config/limit-settings";
import { personaOf } from "../../db/echoes";
import type { Env } from "../../config/env";
import { sessionIsLive } from "../../db/auth/sessions";
import { timeZoneOf } from "../../db/users";
import { sessionIdOfTag } from "../../http/session-tag";
import type { CallAi, CallState } from "../store";
import { freeOrphanedTestCalls } from "./test-call-slots";
import { recallForCall } from "../../memory/recall";
import { logError } from "../../lib/safe-error";

/** Test calls one user may have going at once (each runs the whole AI pipeline, which costs). */
export const MAX_TEST_CALLS_AT_ONCE = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A user's test calls in the last 24 hours may add up to TEST_CALL_MINUTES_PER_DAY (checked as a call
 * starts: calls started at once may each begin just under it, so the day's total can pass it by at most
 * MAX_TEST_CALLS_AT_ONCE calls of CALL_MAX_MINUTES).
 */
export function dailyLimitMessage(minutes: number): string {
  return `You have had ${minutes} minutes of test calls in the last 24 hours, the most a day. Please try again later.`;
}

/** `sessionEnded`: the call row was made, but the session that opened the socket ended meanwhile. */
export type StartOutcome = { ok: true; state: CallState; sessionEnded?: boolean } | { ok: false; code: string; error: string };

/** Who opened the caller's socket (its grant). */
export interface StartGrant {
  callId: string;
  userId: string | null;
  sessionTag?: string;
}

/** What the browser line asks when its caller sends start_call (the CallSession gives it). */
export interface BrowserStart {
  /** Checks the start_call and creates the call row (the call is not open yet). */
  check(grant: StartGrant, message: Extract<ClientMessage, { type: "start_call" }>): Promise<StartOutcome>;
  /** The call's caller left (or signed out) while it was set up: its row is removed. */
  discard(callId: string): Promise<void>;
  /** The call begins: its state is stored, the sync alarm set and the owner's dashboards told. */
  open(state: CallState): Promise<void>;
}

/** The BrowserStart of a call object: its D1, its AI and how it opens a call. */
export function browserStart(env: Env, ai: () => CallAi, open: (state: CallState) => Promise<void>): BrowserStart {
  return {
    check: (grant, message) => startBrowserCall(env, grant, message, ai()),
    discard: (callId) => discardUnstartedCall(db(env.DB), callId),
    open,
  };
}

/**
 * Opening a browser test call: the start_call must name the signed-in user, whose session (the one that
 * opened the socket) must still be live, and one of their active Echoes. Only then is the call row
 * created in D1 (status in progress); any refusal creates nothing. (A sign-out tells only the objects of
 * calls in progress: a socket opened before it, or whose upgrade raced it, is refused here.)
 */
export async function startBrowserCall(
  env: Env,
  grant: StartGrant,
  message: Extract<ClientMessage, { type: "start_call" }>,
  ai: CallAi,
  now = Date.now(),
): Promise<StartOutcome> {
  if (!grant.userId || message.userId !== grant.userId) {
    return { ok: false, code: "forbidden", error: "start_call must carry your own user id." };
  }
  const database = db(env.DB);
  // The owner's memory of this Echo is read beside the checks, so the greeting doesn't wait for it (the
  // scope is the signed-in user's own: another's Echo id finds nothing). A failed read means no memory.
  const recalled = recallForCall(database, { userId: grant.userId, echoId: message.echoId }, now).catch((err: unknown) => {
    logError("start_call: the caller's memory could not be read", err);
    return [];
  });
  const sessionId = grant.sessionTag ? sessionIdOfTag(grant.sessionTag) : null;
  if (sessionId && !(await sessionIsLive(database, sessionId, now))) {
    return { ok: false, code: "signed-out", error: SIGNED_OUT_REASON };
  }
  const echo = await findCallableEcho(database, grant.userId, message.echoId);
  if (!echo) return { ok: false, code: "echo-not-found", error: "No active Echo with this id was found in your account." };
  const perDay = readLimitSettings(env).testCallMinutesPerDay;
  if ((await testCallSecondsSince(database, grant.userId, now - DAY_MS, now)) >= perDay * 60) {
    return { ok: false, code: "daily-limit", error: dailyLimitMessage(perDay) };
  }
  const row = { id: grant.callId, userId: grant.userId, echoId: echo.id, startTime: now };
  const created =
    (await createTestCallRow(database, row, MAX_TEST_CALLS_AT_ONCE)) ||
    ((await freeOrphanedTestCalls(env, database, grant.userId, now)) && (await createTestCallRow(database, row, MAX_TEST_CALLS_AT_ONCE)));
  if (!created) {
    return { ok: false, code: "too-many-calls", error: `You already have ${MAX_TEST_CALLS_AT_ONCE} test calls going. End one of them to start another.` };
  }
  // Again now that the row exists: a sign-out from here on finds the call (it tells calls in progress).
  // A failed read counts as live (the row must not be left in progress by an error here; a sign-out
  // after it finds the call).
  const sessionEnded = sessionId !== null && !(await sessionIsLive(database, sessionId, Date.now()).catch(() => true));
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
    record: echo.recordCalls,
    // The signed-in owner is calling: always verified.
    callerVerified: true,
    timeZone: await timeZoneOf(database, grant.userId),
  };
  const memory = echo.rememberCallers ? await recalled : [];
  if (memory.length > 0) state.memory = memory;
  return { ok: true, state, ...(sessionEnded ? { sessionEnded } : {}) };
}
