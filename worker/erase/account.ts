// Deleting an account everywhere, in an order that can be tried again: first what lives outside D1 (each
// call's object storage and recording: a failure there stops before D1 is touched, and the account is
// still there to retry), then every D1 row of it at once (its sessions with them: nothing can sign in or
// reconnect with them from then on), then its dashboard sockets close and its change feed's storage is
// wiped (best effort: the sessions are already gone, so a socket left open can't be reopened).
import { callSessionStub } from "../call/internal-request";
import { objectCall } from "../call/object-call";
import type { Env } from "../config/env";
import type { Db } from "../db/client";
import { callIdsOf, deleteUserRows, hasCallInProgress } from "../db/erase/account";
import { viewableLiveCallIds } from "../db/live-calls";
import { ApiError } from "../http/errors";
import { logError } from "../lib/safe-error";
import { ACCOUNT_DELETION_MESSAGES } from "../../protocol/account-data";
import { eraseManyCallObjects } from "./call-objects";

export async function eraseAccount(env: Env, database: Db, user: { id: string; email: string }): Promise<void> {
  if (await hasCallInProgress(database, user.id)) throw new ApiError(409, "call-in-progress", ACCOUNT_DELETION_MESSAGES["call-in-progress"]);
  await eraseManyCallObjects(env, await callIdsOf(database, user.id));
  // Other people's live calls this account may watch: their viewer sockets close below.
  const watching = await viewableLiveCallIds(database, user.id);
  await deleteUserRows(database, user);
  const ended = { everySession: true as const, at: Date.now() };
  const targets: { what: string; run: () => Promise<unknown> }[] = [
    { what: "change feed", run: () => env.USER_FEED.get(env.USER_FEED.idFromName(user.id)).erase() },
    ...watching.map((callId) => ({ what: `call ${callId}`, run: () => callSessionStub(env, callId).signedOut(user.id, ended) })),
  ];
  const results = await Promise.allSettled(targets.map((t) => objectCall(t.run)));
  results.forEach((r, i) => {
    if (r.status === "rejected") logError(`account deletion: the ${targets[i]!.what} was not cleaned up`, r.reason);
  });
}
