// The account's mail: the verification link and the password reset link, sent through the configured
// Mailer (worker/mail/) with its deadline and retries. Links point at the app's public origin
// (PUBLIC_HOST, else the request's own).
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import type { UserRow } from "../../db/users";
import { db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { logError } from "../../lib/safe-error";
import { deliver } from "../../mail/deliver";
import { mailerFor } from "../../mail/select";
import { issueEmailLink } from "./email-links";

export const MAIL_UNAVAILABLE = "This server can't send email, so we can't send you a link. Please ask its operator.";
export const MAIL_FAILED = "We couldn't send the email just now. Please try again in a few minutes.";

function origin(c: Context<AppEnv>): string {
  return c.get("config").publicHost ?? new URL(c.req.url).origin;
}

/** The configured Mailer, or a 503 when this server sends no mail. */
function mailer(c: Context<AppEnv>) {
  const found = mailerFor(c.get("config").mail, db(c.env.DB), origin(c));
  if (!found) throw new ApiError(503, "mail-unavailable", MAIL_UNAVAILABLE);
  return found;
}

/** True when this server can send mail at all. */
export function canSendMail(c: Context<AppEnv>): boolean {
  return c.get("config").mail.provider !== "none";
}

async function send(c: Context<AppEnv>, to: string, subject: string, text: string): Promise<void> {
  const chosen = mailer(c);
  try {
    await deliver(chosen, { to, subject, text, idempotencyKey: crypto.randomUUID() });
  } catch (err) {
    logError(`mail: "${subject}" not sent by ${chosen.name}`, err);
    throw new ApiError(502, "mail-failed", MAIL_FAILED);
  }
}

export async function sendVerificationMail(c: Context<AppEnv>, user: UserRow): Promise<void> {
  mailer(c); // 503 before a link is made
  const link = await issueEmailLink(db(c.env.DB), origin(c), user.id, user.email, "verify");
  await send(
    c,
    user.email,
    "Verify your email for Echo",
    `Hi ${user.displayName},\n\nPlease confirm that this is your email address by opening this link:\n\n${link}\n\nThe link works once, within 24 hours. Until you confirm, nobody can invite you to their calls.\n\nIf you didn't sign up for Echo, ignore this email.\n`,
  );
}

export async function sendResetMail(c: Context<AppEnv>, user: UserRow): Promise<void> {
  const link = await issueEmailLink(db(c.env.DB), origin(c), user.id, user.email, "reset");
  await send(
    c,
    user.email,
    "Reset your Echo password",
    `Hi ${user.displayName},\n\nSomeone (hopefully you) asked to reset the password of your Echo account. To choose a new one, open this link:\n\n${link}\n\nThe link works once, within 30 minutes. If you didn't ask, ignore this email: your password stays as it is.\n`,
  );
}
