// Sends one message through a Mailer with a deadline per attempt and retries for transient failures
// (network, timeout, 429, 5xx), with the same idempotency key each time. A permanent failure, or the
// last transient one, is thrown as MailError for the caller to turn into a message the user can read.
import { type MailMessage, type Mailer, MailError } from "./message";

export interface DeliveryPolicy {
  /** Deadline for one attempt. */
  attemptMs: number;
  attempts: number;
  /** Waits before the 2nd, 3rd … attempt. */
  backoffMs: number[];
}

export const MAIL_DELIVERY: DeliveryPolicy = { attemptMs: 8000, attempts: 3, backoffMs: [300, 1200] };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function deliver(mailer: Mailer, message: MailMessage, policy: DeliveryPolicy = MAIL_DELIVERY): Promise<void> {
  let last: MailError | null = null;
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    if (attempt > 0) await sleep(policy.backoffMs[attempt - 1] ?? policy.backoffMs.at(-1) ?? 0);
    try {
      await mailer.send(message, AbortSignal.timeout(policy.attemptMs));
      return;
    } catch (err) {
      last = err instanceof MailError ? err : new MailError(`${mailer.name}: ${err instanceof Error ? err.name : "error"}`, true);
      if (!last.transient) throw last;
    }
  }
  throw last ?? new MailError(`${mailer.name}: not sent`, true);
}
