// What every mail provider is given, and what it throws. One interface (Mailer) for the real provider
// (resend.ts) and the development outbox (outbox.ts); deliver.ts adds the deadline and the retries.

export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  /** Plain text body (links written out in full). */
  text: string;
  /**
   * Stays the same across retries of one message, so a provider that honours it (Resend's
   * Idempotency-Key) sends it once even if an earlier attempt got through.
   */
  idempotencyKey: string;
}

export interface Mailer {
  /** Which provider this is ("resend", "outbox"), for logs and docs. */
  readonly name: string;
  /** Sends one message (one attempt; `signal` aborts it). Throws MailError. */
  send(message: MailMessage, signal: AbortSignal): Promise<void>;
}

/** A failed send: `transient` ones (network, timeout, 429, 5xx) are worth another attempt. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
