// Twilio's REST API (2010-04-01): form-encoded requests with HTTP basic auth (an API key's SID and
// secret), JSON answers, JSON errors ({ code, message, more_info, status }). Every request has a deadline;
// 429 and 5xx answers and network failures are retried with jittered backoff, except where a retry could
// repeat an action Twilio may already have taken (creating a call is not idempotent: Twilio's error
// 20500 says a retried POST can ring twice), which asks for `retry: "not-processed"` (429 and 503 only:
// Twilio refused the request before acting on it).

/** Where and as whom the client talks to Twilio (read from the settings by config/config.ts). */
export interface TwilioRestSettings {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** Origin of the REST API, https://api.twilio.com unless a stand-in is configured. */
  baseUrl: string;
}

export const TWILIO_API_VERSION = "2010-04-01";
/** One request's deadline. */
export const REST_DEADLINE_MS = 10_000;
export const REST_MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 400;

export type RetryPolicy = "transient" | "not-processed";

/** A failed REST request: Twilio's error code and status, its message with digits masked (it may quote a phone number). */
export class TwilioRestError extends Error {
  override readonly name = "TwilioRestError";
  constructor(
    /** HTTP status; 0 when no answer came (network failure or deadline). */
    readonly status: number,
    /** Twilio's error code (e.g. 21211 invalid To), or null. */
    readonly code: number | null,
    readonly twilioMessage: string,
  ) {
    super(`Twilio REST ${status === 0 ? "unreachable" : status}${code ? ` (error ${code})` : ""}: ${twilioMessage.replace(/\d/g, "#").slice(0, 200)}`);
  }

  /** Worth trying again later (a rate limit, Twilio down or unreachable), as opposed to a request Twilio refuses. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export interface RestOptions {
  fetch?: typeof fetch;
  /** Waits between attempts (tests pass a fast one); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function basicAuth(settings: TwilioRestSettings): string {
  return `Basic ${btoa(`${settings.apiKeySid}:${settings.apiKeySecret}`)}`;
}

async function errorOf(res: Response): Promise<TwilioRestError> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return new TwilioRestError(res.status, typeof body.code === "number" ? body.code : null, typeof body.message === "string" ? body.message : res.statusText);
  } catch {
    return new TwilioRestError(res.status, null, res.statusText || "no JSON error body");
  }
}

function retryable(err: TwilioRestError, policy: RetryPolicy): boolean {
  if (policy === "not-processed") return err.status === 429 || err.status === 503;
  return err.transient;
}

/** Milliseconds a 429/503 asks us to wait (Retry-After in seconds), capped; null when not given. */
function retryAfterMs(res: Response | null): number | null {
  const value = Number(res?.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? Math.min(value * 1000, 5_000) : null;
}

/**
 * A form-encoded request to `/2010-04-01/Accounts/{AccountSid}/{path}`; the parsed JSON answer, or a
 * TwilioRestError after the last attempt.
 */
export async function twilioRequest<T>(
  settings: TwilioRestSettings,
  method: "GET" | "POST",
  path: string,
  form: URLSearchParams | null,
  policy: RetryPolicy,
  options: RestOptions = {},
): Promise<T> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const url = `${settings.baseUrl}/${TWILIO_API_VERSION}/Accounts/${encodeURIComponent(settings.accountSid)}/${path}`;
  let last: TwilioRestError = new TwilioRestError(0, null, "not attempted");
  for (let attempt = 1; attempt <= REST_MAX_ATTEMPTS; attempt++) {
    let res: Response | null = null;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          Authorization: basicAuth(settings),
          Accept: "application/json",
          ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(REST_DEADLINE_MS),
      });
      if (res.ok) return (await res.json()) as T;
      last = await errorOf(res);
    } catch (err) {
      // No answer: the request may or may not have reached Twilio.
      last = new TwilioRestError(0, null, err instanceof Error ? err.name : "network failure");
      if (policy === "not-processed") throw last;
    }
    if (!retryable(last, policy) || attempt === REST_MAX_ATTEMPTS) break;
    const backoff = BACKOFF_BASE_MS * 2 ** (attempt - 1) * (0.5 + random() / 2);
    await sleep(retryAfterMs(res) ?? backoff);
  }
  throw last;
}
