// What a new password must be: at least PASSWORD_MIN_LENGTH characters (the spec's 6, its message), and
// not one of the 10,000 most common passwords. The list is the first 10,000 entries of the frequency-
// ranked common-password dictionary of zxcvbn-ts (@zxcvbn-ts/language-common, "passwords-common",
// compiled by the zxcvbn-ts project from leaked-password frequency lists), compared case-insensitively.
import { dictionary } from "@zxcvbn-ts/language-common";
import { AUTH_ERROR_MESSAGES, COMMON_PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from "../../../protocol/api";
import { ApiError } from "../../http/errors";

export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.normalize("NFKC").toLowerCase());
}

/** Throws the 400 a new password earns (weak-password, common-password), or returns. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new ApiError(400, "weak-password", AUTH_ERROR_MESSAGES["weak-password"]);
  if (isCommonPassword(password)) throw new ApiError(400, "common-password", COMMON_PASSWORD_MESSAGE);
}
