// The call side of the actions a caller asks for during a call (issue 42 §2: the actions helper defines
// the pipeline's port; the merger points it here). Memory is real (worker/memory/), and only for a
// verified caller with "Remember callers" on; callbacks are not in this branch, so their answers say
// so honestly instead of pretending.
import type { MemoryItem } from "../../protocol/memory";
import type { Db } from "../db/client";
import { forgetMatching, listFollowUps, rememberItem, type MemoryScope } from "../memory/store";

/** Who is calling and whether what is personal may be touched. */
export interface ActionCaller {
  scope: MemoryScope | null;
  /** The caller is verified and the Echo's "Remember callers" is on. */
  mayRemember: boolean;
  /** The call it is said in (its D1 row must exist; null: none). */
  callId: string | null;
}

export type ActionAnswer<T> = { ok: true; value: T } | { ok: false; say: string };

const NOT_FOR_YOU: ActionAnswer<never> = { ok: false, say: "I can only keep notes for my owner, and only when remembering is on." };

export async function remember(db: Db, caller: ActionCaller, text: string, now = Date.now()): Promise<ActionAnswer<MemoryItem>> {
  if (!caller.scope || !caller.mayRemember) return NOT_FOR_YOU;
  return { ok: true, value: await rememberItem(db, caller.scope, { kind: "follow_up", text, sourceCallId: caller.callId, saidAt: now }, now) };
}

export async function forget(db: Db, caller: ActionCaller, phrase: string): Promise<ActionAnswer<number>> {
  if (!caller.scope || !caller.mayRemember) return NOT_FOR_YOU;
  return { ok: true, value: await forgetMatching(db, caller.scope, phrase) };
}

export async function followUps(db: Db, caller: ActionCaller): Promise<ActionAnswer<MemoryItem[]>> {
  if (!caller.scope || !caller.mayRemember) return NOT_FOR_YOU;
  return { ok: true, value: await listFollowUps(db, caller.scope) };
}

/** Callbacks are built in another branch (worker/callbacks/); until the merge points here, the honest answer. */
export async function scheduleCallback(): Promise<ActionAnswer<never>> {
  return { ok: false, say: "I can't set reminders or call you back yet." };
}

export async function cancelCallback(): Promise<ActionAnswer<never>> {
  return { ok: false, say: "I can't set reminders or call you back yet, so there's nothing to cancel." };
}
