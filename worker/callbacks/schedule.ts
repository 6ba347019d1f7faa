// The callbacks module's face (issue 42 §3; the names are the seam with the actions helper): schedule
// one, cancel one (or "next"), list them. (Callbacks that waited for a number: db/callbacks.ts
// releaseWaitingCallbacks, called when a number is linked.)
import { CANCELLABLE_STATUSES, type CallbackProblem, type CallbackView } from "../../protocol/callbacks";
import { readConfig } from "../config/config";
import type { Env } from "../config/env";
import {
  callbackContext,
  insertCallbackWithinCap,
  listCallbackViews,
  moveCallback,
  nextCancellable,
  ownedCallbackView,
  type CallbackRow,
} from "./callback-rows";
import { db, type Db } from "../db/client";
import { logError } from "../lib/safe-error";
import { callbackAlarmStub } from "./alarm-stub";
import { scheduleProblem } from "./rules";
import { localDayBounds, validTimeZone } from "../lib/zoned-time";

export const MAX_REASON_LENGTH = 200;

export interface CallbackRequest {
  userId: string;
  echoId: string | null;
  sourceCallId: string | null;
  dueAt: number;
  reason: string;
  /** The caller named the time ("at 10 pm"): quiet hours do not apply. */
  callerNamedTime: boolean;
}

export type ScheduleResult = { ok: true; callback: CallbackView } | { ok: false; problem: CallbackProblem };

/** The owner's zone for callbacks: their setting, else UTC. */
export function ownerZone(timeZone: string | null | undefined): string {
  return validTimeZone(timeZone) ?? "UTC";
}

export async function scheduleCallback(env: Env, request: CallbackRequest, now = Date.now()): Promise<ScheduleResult> {
  const config = readConfig(env);
  if (!config.twilioRest || !config.publicHost) return { ok: false, problem: "not-configured" };
  const database = db(env.DB);
  const context = await callbackContext(database, request.userId, request.echoId);
  if (!context) return { ok: false, problem: "not-configured" };
  const zone = ownerZone(context.timeZone);
  const day = localDayBounds(request.dueAt, zone);
  // The cap is checked again inside the insert (one statement); this first look names the problem.
  const problem = scheduleProblem({ dueAt: request.dueAt, now, zone, callerNamedTime: request.callerNamedTime, sameDayCount: 0 });
  if (problem) return { ok: false, problem };
  const row: CallbackRow = {
    id: crypto.randomUUID(),
    userId: request.userId,
    echoId: context.echoName === null ? null : request.echoId,
    sourceCallId: request.sourceCallId,
    reason: request.reason.trim().slice(0, MAX_REASON_LENGTH),
    dueAt: Math.max(request.dueAt, now),
    callerNamedTime: request.callerNamedTime,
    status: context.phoneNumber ? "scheduled" : "waiting_for_number",
    attempts: 0,
    toNumber: null,
    providerCallId: null,
    callId: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await insertCallbackWithinCap(database, row, day))) return { ok: false, problem: "daily-cap" };
  // A callback waiting for a number is armed too: at its time, still without one, it is missed.
  await callbackAlarmStub(env, row.id).arm(row.id, row.dueAt);
  const view = await ownedCallbackView(database, row.userId, row.id);
  return { ok: true, callback: view! };
}

/** Cancels `userId`'s callback `callbackId` (or their next one); null when there is none that can be cancelled. */
export async function cancelCallback(env: Env, userId: string, callbackId: string | "next"): Promise<CallbackView | null> {
  const database = db(env.DB);
  const id = callbackId === "next" ? (await nextCancellable(database, userId))?.id : callbackId;
  if (!id) return null;
  if (!(await moveCallback(database, id, { status: CANCELLABLE_STATUSES, userId }, { status: "cancelled" }))) return null;
  // The alarm would find it cancelled and do nothing; removing it keeps no state for it.
  await callbackAlarmStub(env, id)
    .disarm()
    .catch((err: unknown) => logError(`callback ${id}: its alarm could not be removed (it will find the callback cancelled)`, err));
  return ownedCallbackView(database, userId, id);
}

export function listCallbacks(database: Db, userId: string, options: { upcoming: boolean }): Promise<CallbackView[]> {
  return listCallbackViews(database, userId, options.upcoming);
}
