// Turns whatever the AI binding threw into an AiStepError with the right `transient`, `status` and
// `code`, so the pipeline retries what a retry can fix and nothing else. The binding reports model
// errors as messages such as "AiError: 3040: No more data centers to forward the request to";
// Cloudflare's table (developers.cloudflare.com/workers-ai/platform/errors) gives each code its HTTP
// status. Transient: 3040 out of capacity (429), 3007 timeout (408), 3043/other 5xx, HTTP 429/5xx in the
// message, and network failures. Not transient: validation and account errors (5004, 5006, 5007, 3006,
// 3036 daily allocation used up — a retry in seconds cannot fix it, …).
import { AiStepError, isTransientStatus, type AiStage } from "../errors";

/** Workers AI internal codes → HTTP status (the documented table). */
const CODE_STATUS: Record<number, number> = {
  5007: 400, // no such model
  5004: 400, // invalid data
  5006: 400, // invalid input
  3039: 400,
  3003: 400, // incomplete request
  5018: 403,
  5016: 403,
  3023: 403, // account blocked
  3041: 403,
  5019: 405,
  5005: 405,
  3042: 404,
  3006: 413, // request too large
  3007: 408, // timeout
  3008: 408, // aborted
  3036: 429, // account limited: the daily free allocation is used up
  3040: 429, // out of capacity
  3043: 500, // internal server error
};

/** Codes whose status alone would mislead: 3036 is a 429 that no retry within a call can fix; 3008 is our own abort. */
const NEVER_TRANSIENT = new Set([3036, 3008]);

const NETWORK = /network|fetch failed|connection (reset|refused|closed|lost)|ECONNRESET|socket hang up|timed? ?out/i;

export interface BindingFailure {
  status: number | undefined;
  code: number | undefined;
  transient: boolean;
}

export function classifyBindingError(err: unknown): BindingFailure {
  const message = err instanceof Error ? err.message : String(err);
  const codeMatch = /\b([35]\d{3})\b\s*:/.exec(message) ?? /\b(3040|3036|3007|3043)\b/.exec(message);
  const code = codeMatch ? Number(codeMatch[1]) : undefined;
  const statusMatch = /\b(?:status|HTTP)\s*:?\s*(\d{3})\b|\((\d{3})\)/i.exec(message);
  const status = code !== undefined && CODE_STATUS[code] !== undefined ? CODE_STATUS[code] : statusMatch ? Number(statusMatch[1] ?? statusMatch[2]) : undefined;
  let transient: boolean;
  if (code !== undefined && NEVER_TRANSIENT.has(code)) transient = false;
  else if (status !== undefined) transient = isTransientStatus(status);
  // A TypeError is transient only when it is the network's ("Network connection lost.", "fetch failed"):
  // one from a bug ("x is undefined") would fail the same way again.
  else transient = NETWORK.test(message) || /InferenceUpstreamError|internal server error/i.test(message);
  return { status, code, transient };
}

/** The binding's error as an AiStepError whose message names the step and the model. */
export function bindingStepError(stage: AiStage, what: string, model: string, err: unknown): AiStepError {
  if (err instanceof AiStepError) return err;
  const { status, code, transient } = classifyBindingError(err);
  const message = err instanceof Error ? err.message : String(err);
  return new AiStepError(`${what} failed (${model}): ${message}`, {
    stage,
    model,
    transient,
    ...(status !== undefined ? { status } : {}),
    ...(code !== undefined ? { code } : {}),
    cause: err,
  });
}

/** A model answer the provider cannot use (wrong shape, empty, MP3…): never transient. */
export function badOutput(stage: AiStage, what: string, model: string, problem: string): AiStepError {
  return new AiStepError(`${what} failed (${model}): ${problem}`, { stage, model, transient: false, code: "bad-output" });
}
