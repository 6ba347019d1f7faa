// Thin fetch client for /api: JSON in and out, errors thrown as ApiRequestError with the server's code.
import type { ApiErrorBody } from "../../protocol/api";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function isApiErrorBody(v: unknown): v is ApiErrorBody {
  if (typeof v !== "object" || v === null || !("error" in v)) return false;
  const e = (v as { error: unknown }).error;
  return typeof e === "object" && e !== null && "code" in e && "message" in e;
}

/** Told when a request is refused for want of a session (signed out elsewhere, or the session expired). */
const sessionLostListeners = new Set<() => void>();

/** Says the session may be gone (a request or a socket was refused for it): listeners check who is signed in. */
export function reportSessionLost(): void {
  for (const listener of sessionLostListeners) listener();
}

/** Subscribes to lost sessions; returns the unsubscribe. */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiRequestError(0, "network", "Network error. Check your connection and try again.");
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    if (res.status === 401 && isApiErrorBody(data) && data.error.code === "unauthenticated") reportSessionLost();
    if (isApiErrorBody(data)) throw new ApiRequestError(res.status, data.error.code, data.error.message);
    throw new ApiRequestError(res.status, "http-error", "An error occurred. Please try again.");
  }
  return data as T;
}
