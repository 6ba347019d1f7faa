// Errors as the logs may hold them: no personal data. A failed database query (drizzle's
// DrizzleQueryError) carries its parameters — emails, transcript lines, password hashes — in its
// message and stack; it is logged as the query's shape (SQL with placeholders) and the database's error
// code only. Any other error keeps its name and message (ours name settings and ids, not people), its
// database cause reduced the same way; in every message quoted literals are blanked and email
// addresses and phone numbers masked (safeText): an AI vendor's error may quote a caller's words.
import { DrizzleQueryError } from "drizzle-orm/errors";

export interface SafeError {
  name: string;
  message?: string;
  /** A failed query: its SQL with placeholders, never its parameters. */
  query?: string;
  /** The database's error code (SQLITE_CONSTRAINT, D1_ERROR…) when it gave one. */
  code?: string;
  cause?: SafeError;
}

const MAX_TEXT = 300;

/** 'quoted' and "quoted" literals blanked: a database message may echo a value. */
function withoutLiterals(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, "'?'").replace(/"(?:[^"]|"")*"/g, '"?"').slice(0, MAX_TEXT);
}

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi;
/** A phone number as callers' numbers come (E.164, or digits with spaces, dots, dashes, brackets). */
const PHONE = /\+?\d[\d ().-]{6,}\d/g;

/**
 * Text for a log line from a message that is not ours (an AI vendor's error, a parser's complaint):
 * quoted literals blanked (vendors quote the input they refuse: a caller's words), email addresses and
 * phone numbers masked, at most MAX_TEXT characters.
 */
export function safeText(text: string): string {
  return withoutLiterals(text).replace(EMAIL, "<email>").replace(PHONE, "<number>");
}

function databaseCode(message: string): string | undefined {
  return /\bSQLITE_[A-Z_]+\b/.exec(message)?.[0] ?? /\bD1_[A-Z_]+\b/.exec(message)?.[0];
}

export function safeError(err: unknown, depth = 0): SafeError {
  if (err instanceof DrizzleQueryError) {
    const cause = err.cause instanceof Error ? err.cause.message : "";
    const code = databaseCode(cause);
    return { name: "DrizzleQueryError", query: err.query.slice(0, MAX_TEXT), ...(code ? { code } : {}), ...(cause ? { message: withoutLiterals(cause) } : {}) };
  }
  if (err instanceof Error) {
    const code = databaseCode(err.message);
    const out: SafeError = { name: err.name, message: safeText(err.message), ...(code ? { code } : {}) };
    if (err.cause !== undefined && depth < 3) out.cause = safeError(err.cause, depth + 1);
    return out;
  }
  return { name: typeof err };
}

/** console.error of `what` and the error, safe (see the header). */
export function logError(what: string, err: unknown): void {
  console.error(what, JSON.stringify(safeError(err)));
}

/** console.warn of `what` and the error, safe. */
export function logWarning(what: string, err: unknown): void {
  console.warn(what, JSON.stringify(safeError(err)));
}
