// The development outbox: instead of sending, keep the message in D1 (table dev_outbox) and print its
// link in the terminal of `npm run dev`. A developer opens every kept message at /api/dev/outbox
// (routes/account/dev-outbox.ts). Never used by a production build (config/mail-settings.ts refuses it).
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { devOutbox } from "../db/schema";
import type { MailMessage, Mailer } from "./message";

export type OutboxMessage = typeof devOutbox.$inferSelect;

/** The outbox keeps the newest this many messages. */
export const OUTBOX_KEEP = 200;

export class OutboxMailer implements Mailer {
  readonly name = "outbox";
  constructor(
    private readonly database: Db,
    /** The app's origin, for the printed "all mail" address. */
    private readonly origin: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.database
      .insert(devOutbox)
      .values({ id: message.idempotencyKey, to: message.to, subject: message.subject, text: message.text, createdAt: Date.now() })
      .onConflictDoNothing();
    const link = /https?:\/\/\S+/.exec(message.text)?.[0] ?? "(no link)";
    // Development only: the link, never the address (the outbox page has it).
    console.log(`[mail outbox] "${message.subject}": ${link}\n  all mail: ${this.origin}/api/dev/outbox`);
  }
}

/** Newest first; only those sent to `to` when given. */
export async function outboxMessages(database: Db, to?: string): Promise<OutboxMessage[]> {
  const query = database.select().from(devOutbox);
  const rows = await (to ? query.where(eq(devOutbox.to, to)) : query).orderBy(desc(devOutbox.createdAt)).limit(OUTBOX_KEEP);
  return rows;
}
