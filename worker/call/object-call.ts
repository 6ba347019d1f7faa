// One call to a Durable Object from the Worker (an RPC method of its stub): a deadline, and one retry
// when the runtime says the error is transient (an overloaded object is not tried again).
import { withDeadline } from "../lib/settled-within";

/** Each call has this long; the retry as long again. */
const OBJECT_CALL_DEADLINE_MS = 5_000;

export async function objectCall<T>(call: () => Promise<T>, deadlineMs = OBJECT_CALL_DEADLINE_MS): Promise<T> {
  try {
    return await withDeadline(call(), deadlineMs);
  } catch (err) {
    // Durable Object errors say whether trying again can help (an overloaded object won't).
    const retryable = err instanceof Error && "retryable" in err && err.retryable === true && !("overloaded" in err && err.overloaded === true);
    if (!retryable) throw err;
    return withDeadline(call(), deadlineMs);
  }
}
