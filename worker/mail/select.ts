// The Mailer the configuration asks for, or null when the server sends no mail (MAIL_PROVIDER none).
import type { MailSettings } from "../config/mail-settings";
import type { Db } from "../db/client";
import type { Mailer } from "./message";
import { OutboxMailer } from "./outbox";
import { ResendMailer } from "./resend";

export function mailerFor(settings: MailSettings, database: Db, origin: string): Mailer | null {
  switch (settings.provider) {
    case "resend":
      return new ResendMailer(settings.resend);
    case "outbox":
      return new OutboxMailer(database, origin);
    case "none":
      return null;
  }
}
