// Erasing calls outside D1: each call's Durable Object storage (CallSession.erase: its transcript, the
// caller's number, unsent recording chunks) and its recording in R2. The D1 rows go after these succeed,
// so a failure leaves the call listed and the deletion can be tried again.
import { callSessionStub } from "../call/internal-request";
import { objectCall } from "../call/object-call";
import type { Env } from "../config/env";
import { ApiError } from "../http/errors";
import { logError } from "../lib/safe-error";
import { deleteRecordingObjects } from "../recordings/objects";

/** The call's object has this long to stop its recording writes and wipe its storage. */
const ERASE_DEADLINE_MS = 15_000;
/** Call objects erased at once (an account with many calls). */
const ERASE_PARALLEL = 8;

export const callInProgress = () => new ApiError(409, "call-in-progress", "This call is still in progress. You can delete it once it has ended.");
const eraseFailed = () => new ApiError(503, "erase-failed", "Could not delete everything right now; nothing more was deleted. Please try again.");

/** Wipes the call's object storage and its recording. Throws a 409 while the call runs, a 503 when a store cannot be reached. */
export async function eraseCallObjects(env: Pick<Env, "CALL_SESSION" | "RECORDINGS">, callId: string): Promise<void> {
  let erased: boolean;
  try {
    erased = await objectCall(() => callSessionStub(env, callId).erase(), ERASE_DEADLINE_MS);
  } catch (err) {
    logError(`erase: call ${callId}'s object did not wipe its storage`, err);
    throw eraseFailed();
  }
  if (!erased) throw callInProgress();
  if (!env.RECORDINGS) return;
  try {
    await deleteRecordingObjects(env.RECORDINGS, callId);
  } catch (err) {
    logError(`erase: call ${callId}'s recording was not deleted from R2`, err);
    throw eraseFailed();
  }
}

/** eraseCallObjects for many calls, a few at a time; the first failure is thrown once the others settled. */
export async function eraseManyCallObjects(env: Pick<Env, "CALL_SESSION" | "RECORDINGS">, callIds: readonly string[]): Promise<void> {
  for (let i = 0; i < callIds.length; i += ERASE_PARALLEL) {
    const results = await Promise.allSettled(callIds.slice(i, i + ERASE_PARALLEL).map((id) => eraseCallObjects(env, id)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  }
}
