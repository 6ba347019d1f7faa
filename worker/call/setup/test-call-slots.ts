// A user's test calls at once are counted by their D1 rows in progress (createTestCallRow). A row whose
// call never got going (its object was reset between the row and the call's state, or setting up threw
// and removing the row failed too) would hold a place for good, as nothing ends a call no object holds.
// When a start is refused, the rows counted against it that are older than ORPHAN_AFTER_MS are checked
// with their objects: a row no object holds is removed (or, should it have transcript lines, ended as
// abandoned), and the start may try again.
import { type Db } from "../../db/client";
import { discardUnstartedCall, finalizeCall, testCallsInProgress } from "../../db/call-writes";
import type { Env } from "../../config/env";
import { callSessionStub } from "../internal-request";

/** A call's object holds its state within moments of its row; a row this old without it is an orphan. */
export const ORPHAN_AFTER_MS = 60_000;

/** Frees the places of `userId`'s orphaned test call rows; true when any was freed. */
export async function freeOrphanedTestCalls(env: Env, database: Db, userId: string, now = Date.now()): Promise<boolean> {
  let freed = false;
  for (const callId of await testCallsInProgress(database, userId, now - ORPHAN_AFTER_MS)) {
    if (await callSessionStub(env, callId).holdsCallRow()) continue;
    console.error(`test call ${callId}: its row was in progress with no call behind it; freeing its place`);
    await discardUnstartedCall(database, callId);
    await finalizeCall(database, callId, { status: "abandoned", endTime: now, endReason: "connection_lost" });
    freed = true;
  }
  return freed;
}
