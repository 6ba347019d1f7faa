// Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email) over fetch: POST
// /emails with `Authorization: Bearer <key>` and a JSON body; 200 `{ id }` on success, otherwise a JSON
// error `{ statusCode, name, message }`. 429 and 5xx are transient; other 4xx (bad key, unverified
// sender domain, invalid address) are not. `Idempotency-Key` makes a retried message go out once.
import { z } from "zod";
import type { ResendSettings } from "../config/mail-settings";
import { type MailMessage, type Mailer, MailError } from "./message";

const errorBody = z.object({ name: z.string().optional(), message: z.string().optional() });


export class ResendMailer implements Mailer {
  readonly name = "resend";
  constructor(private readonly settings: ResendSettings) {}

  async send(message: MailMessage, signal: AbortSignal): Promise<void> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl}/emails`, {
        method: "POST",
        signal,
        headers: {
          Authorization: `Bearer ${this.settings.apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": message.idempotencyKey,
        },
        body: JSON.stringify({ from: this.settings.from, to: [message.to], subject: message.subject, text: message.text }),
      });
    } catch (err) {
      // Network failure or the deadline's abort: worth another attempt.
      throw new MailError(`resend: request failed (${err instanceof Error ? err.name : "error"})`, true);
    }
    if (res.ok) {
      await res.body?.cancel();
      return;
    }
    const parsed = errorBody.safeParse(await res.json().catch(() => null));
    // The provider's error name only (its message may quote the recipient).
    const name = parsed.success && parsed.data.name ? parsed.data.name : "unknown_error";
    throw new MailError(`resend: ${res.status} ${name}`, res.status === 429 || res.status >= 500, res.status);
  }
}
