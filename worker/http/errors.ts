// One JSON error shape for the whole API: { error: { code, message } } with a real HTTP status.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "../../protocol/api";
import { logError } from "../lib/safe-error";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** 429 `too-many-requests`: the answer carries `Retry-After` (handleError sets it). */
export class TooManyRequestsError extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, "too-many-requests", message);
  }
}

/** Whole seconds from `now` until `until` (epoch ms), at least 1: a 429's Retry-After. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** "Please wait N minutes and try again." (or seconds) for a wait of `seconds`: minutes rounded up, at least 1. */
export function pleaseWait(seconds: number, unit: "minute" | "second"): string {
  const n = unit === "minute" ? Math.max(1, Math.ceil(seconds / 60)) : seconds;
  return `Please wait ${n} ${unit}${n === 1 ? "" : "s"} and try again.`;
}

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof TooManyRequestsError) c.header("Retry-After", String(err.retryAfterSeconds));
  if (err instanceof ApiError) return c.json(errorBody(err.code, err.message), err.status);
  if (err instanceof HTTPException) {
    return c.json(errorBody("http-error", err.message || "Request failed."), err.status);
  }
  logError("unhandled error", err);
  return c.json(errorBody("internal", "An error occurred. Please try again."), 500);
}

/** Parses a JSON body against a zod-like schema; bad JSON or shape → 400 with a clear message. */
export async function readJson<T>(
  c: Context,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
  /** The error of a field that has its own (e.g. the spec's invalid-email), by top-level field name. */
  fieldErrors: Record<string, ApiError> = {},
): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, "invalid-json", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const own = issue?.path.length ? fieldErrors[String(issue.path[0])] : undefined;
    if (own) throw own;
    const where = issue && issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
    throw new ApiError(400, "invalid-request", `${where}${issue?.message ?? "Invalid request."}`);
  }
  return parsed.data;
}
