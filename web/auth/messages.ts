// What the auth screen shows for an error: the spec's catalogue (§8) for its codes, otherwise the
// error's own message, otherwise the generic one.
import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, type AuthErrorCode, GENERIC_ERROR_MESSAGE } from "../../protocol/api";
import { ApiRequestError } from "../lib/api";

function isAuthCode(code: string): code is AuthErrorCode {
  return (AUTH_ERROR_CODES as readonly string[]).includes(code);
}

export function authErrorMessage(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (isAuthCode(err.code)) return AUTH_ERROR_MESSAGES[err.code];
    return err.message || GENERIC_ERROR_MESSAGE;
  }
  if (err instanceof Error && err.message) return err.message;
  return GENERIC_ERROR_MESSAGE;
}
