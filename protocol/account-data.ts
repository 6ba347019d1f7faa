// What a person can take away or erase of their account (issue 43 §2): the export download, and the
// confirmation that deletes the account. Shared by the API and the SPA.
import { z } from "zod";

/** GET: one zip with everything of the signed-in account. */
export const ACCOUNT_EXPORT_PATH = "/api/account/export";
/** DELETE with an AccountDeletion body: the account and everything of it, everywhere. */
export const ACCOUNT_PATH = "/api/account";

/** Recordings put into the export as WAV files, in all; past this they are listed with their address instead. */
export const EXPORT_RECORDINGS_MAX_BYTES = 500 * 1024 * 1024;

/**
 * The confirmation: an account with a password gives it; an account that signs in with Google types its
 * email address (it has no password to give).
 */
export const accountDeletionSchema = z.object({
  password: z.string().max(1024).optional(),
  email: z.string().max(320).optional(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const ACCOUNT_DELETION_MESSAGES = {
  "missing-password": "Please enter your password to delete your account.",
  "email-mismatch": "Type your account's email address exactly to delete your account.",
  "call-in-progress": "You have a call in progress. End it, then delete your account.",
} as const;
