// What to show for a failed request: the server's own message (the API sends the spec's texts), or the
// spec's generic one.
import { GENERIC_ERROR_MESSAGE } from "../../protocol/api";

export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return GENERIC_ERROR_MESSAGE;
}
