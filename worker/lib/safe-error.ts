// Errors as the logs may hold them: no personal data. A failed database query (drizzle's
// DrizzleQueryError) carries its parameters — emails, transcript lines, password hashes — in its
// message and stack; it is logged as the query's shape (SQL with placeholders) and the database's error
// code only. Any other error keeps its name and message (ours name settings and ids, not people), its
// database cause reduced the same way, quoted literals in a database message blanked.
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
    const out: SafeError = { name: err.name, message: code ? withoutLiterals(err.message) : err.message.slice(0, MAX_TEXT), ...(code ? { code } : {}) };
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
