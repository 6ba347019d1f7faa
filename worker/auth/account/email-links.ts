// Single-use links sent by email: a 160-bit token in the link's fragment (#token=…, never sent to a
// server log or in a Referer), only its SHA-256 in D1. Verification links last 24 hours, password
// reset links 30 minutes; a new link replaces the user's earlier one of the same kind; using a link
// deletes it first (two uses at once: one wins).
import type { Db } from "../../db/client";
import { type EmailTokenPurpose, type EmailTokenRow, replaceEmailToken, takeEmailToken } from "../../db/auth/email-tokens";
import { randomToken, tokenHash } from "../token";

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

const TTL: Record<EmailTokenPurpose, number> = { verify: VERIFY_LINK_TTL_MS, reset: RESET_LINK_TTL_MS };
const PAGE: Record<EmailTokenPurpose, string> = { verify: "/verify-email", reset: "/reset-password" };

/** Makes a link for `userId` proving `email`; returns its URL under `origin`. */
export async function issueEmailLink(database: Db, origin: string, userId: string, email: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<string> {
  const token = randomToken();
  await replaceEmailToken(database, { id: tokenHash(token), userId, purpose, email, createdAt: now, expiresAt: now + TTL[purpose] });
  return `${origin}${PAGE[purpose]}#token=${token}`;
}

/** The link's row when `token` is a live link of `purpose` (it is used up by this call), else null. */
export async function useEmailLink(database: Db, token: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<EmailTokenRow | null> {
  const row = await takeEmailToken(database, tokenHash(token), purpose);
  if (!row || row.expiresAt <= now) return null;
  return row;
}
