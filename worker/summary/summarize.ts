// The summary job of an ended call: reads it back from D1, asks the call's AI provider for a summary
// through reply() (or, for a provider without a language model, writes an extractive one), and stores
// the result. Runs after the call's final D1 write; a failure is stored (and logged) for a retry from
// Call Details — it never fails the call.
import { type CallRecap, RECAP_WAIT_MS } from "../../protocol/summary";
import { AiStepError } from "../ai/errors";
import type { AiProvider, Persona } from "../ai/provider";
import type { Db } from "../db/client";
import { type RecapWrite, claimSummaryRun, readRecap, readSummarySource, saveRecap } from "../db/summaries";
import type { WindowLimit } from "../limits/window-limit";
import { abortableStream } from "../pipeline/core/abortable";
import { extractiveRecap } from "./extractive";
import { failureText } from "./failure-text";
import { callerEmotionMix, moodArc } from "./mood";
import { parseSummaryAnswer, summaryMessages } from "./prompt";
import { TooManyRequestsError, pleaseWait, secondsUntil } from "../http/errors";
import { logError } from "../lib/safe-error";

/** Time one summarization attempt may take. */
export const SUMMARY_DEADLINE_MS = 20_000;
/**
 * Tokens the summary's answer may take: the JSON of a summary, its follow-ups and topics runs past the
 * 256 a spoken reply is capped at, and a cut answer is no summary at all.
 */
export const SUMMARY_MAX_TOKENS = 700;
/** Attempts when the failure is transient (timeouts, 429/5xx, a malformed answer). */
export const SUMMARY_ATTEMPTS = 2;

/** Engines that have no language model: their reply() is a canned conversational answer. */
const NO_LANGUAGE_MODEL = new Set<string>(["offline", "local"]);

/** Whether the provider's replies come from a language model (a mixed provider: its reply stage's engine). */
export function hasLanguageModel(provider: AiProvider): boolean {
  return !NO_LANGUAGE_MODEL.has(provider.engines?.stages.reply.engine ?? provider.name);
}

/** Neutral persona when the call's Echo is gone. */
const NO_PERSONA: Persona = {
  name: "Echo",
  description: "",
  personality: "professional",
  expertise: "general",
  instructions: "",
  voiceStyle: "default",
};

class SummaryError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

async function askModel(provider: AiProvider, persona: Persona, source: Awaited<ReturnType<typeof readSummarySource>> & object, deadlineMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  let answer = "";
  try {
    const stream = provider.reply(
      { persona, messages: summaryMessages(source.transcript), callerEmotions: {}, turn: null, maxTokens: SUMMARY_MAX_TOKENS },
      controller.signal,
    );
    for await (const delta of abortableStream(stream, controller.signal)) if (typeof delta === "string") answer += delta;
  } catch (err) {
    if (controller.signal.aborted) throw new SummaryError(`The language model did not answer within ${deadlineMs >= 1000 ? `${Math.round(deadlineMs / 1000)} s` : `${deadlineMs} ms`}.`, true);
    // The provider's own words can name keys, hosts or models: they go to the log, the owner reads ours.
    logError("call summary: the language model failed", err);
    if (err instanceof AiStepError) throw new SummaryError(failureText(err), err.transient);
    throw new SummaryError(failureText(), true);
  } finally {
    clearTimeout(timer);
  }
  const parsed = parseSummaryAnswer(answer);
  if (!parsed) throw new SummaryError("The language model's answer was not a summary in the expected form.", true);
  return parsed;
}

export interface SummarizeOptions {
  userId?: string;
  deadlineMs?: number;
  now?: () => number;
  /** A new run only this long after the last one ended (ready or failed); sooner: SummaryTooSoonError. */
  minIntervalMs?: number;
  /** Counts each run this starts with a language model on `userId`'s limit (429 beyond it). */
  runLimit?: WindowLimit;
}

/** Between two asked-for runs of one call's summary (each is a language model's work, up to twice). */
export const SUMMARY_MIN_INTERVAL_MS = 10_000;

/** A summary was asked for again moments after the last run ended. */
export class SummaryTooSoonError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, `A summary of this call was just attempted. ${pleaseWait(retryAfterSeconds, "second")}`);
  }
}

/**
 * Makes and stores the summary of an ended call. Null when there is no such ended call (for `userId`,
 * when it isn't theirs). A model failure is stored as a failed recap, not thrown; D1 errors throw.
 */
export async function summarizeCall(database: Db, provider: AiProvider, callId: string, opts: SummarizeOptions = {}): Promise<CallRecap | null> {
  const source = await readSummarySource(database, callId, opts.userId);
  if (!source) return null;
  const now = opts.now ?? Date.now;
  const current = source.current;
  // A run under way (a double click, a retry racing the automatic job) is not started twice.
  if (current?.status === "pending" && now() - current.updatedAt < RECAP_WAIT_MS) return current;
  const since = current && current.status !== "pending" ? now() - current.updatedAt : Infinity;
  if (opts.minIntervalMs !== undefined && since < opts.minIntervalMs) throw new SummaryTooSoonError(secondsUntil(opts.minIntervalMs, since));
  const base = {
    moodArc: moodArc(source.transcript),
    callerEmotions: callerEmotionMix(source.transcript),
    attempts: source.attempts + 1,
  };
  const lm = hasLanguageModel(provider);
  const claimedAt = now();
  // Seen as "Summarizing this call…" until the model answers; a summary made before stays in view
  // meanwhile (a refresh), and stays if this run fails.
  const showPending = lm && current?.status !== "ready";
  const pending: RecapWrite = { ...base, status: "pending", method: null, text: "", followUps: [], topics: [], error: null, updatedAt: claimedAt };
  const limited = lm && opts.runLimit !== undefined && opts.userId !== undefined ? { limit: opts.runLimit, userId: opts.userId } : null;
  if (limited) await limited.limit.count(database, limited.userId, claimedAt);
  // One run at a time per call: of the requests that come at once (a double click, five tabs, a retry
  // racing the automatic job), one claims the job and the others answer what is stored.
  if (!(await claimSummaryRun(database, callId, claimedAt, claimedAt - RECAP_WAIT_MS, pending, showPending))) {
    if (limited) await limited.limit.takeBack(database, limited.userId);
    return (await readRecap(database, callId)) ?? current ?? pending;
  }
  const pendingAt = showPending ? claimedAt : undefined;
  let write: RecapWrite;
  if (!lm) {
    write = { ...base, status: "ready", method: "extractive", ...extractiveRecap(source.transcript), error: null, updatedAt: now() };
  } else {
    write = { ...base, status: "failed", method: null, text: "", followUps: [], topics: [], error: "Not summarized.", updatedAt: now() };
    for (let attempt = 1; attempt <= SUMMARY_ATTEMPTS; attempt++) {
      try {
        const recap = await askModel(provider, source.persona ?? NO_PERSONA, source, opts.deadlineMs ?? SUMMARY_DEADLINE_MS);
        write = { ...base, status: "ready", method: "model", ...recap, error: null, updatedAt: now() };
        break;
      } catch (err) {
        const failure = err instanceof SummaryError ? err : new SummaryError(String(err), false);
        console.error("call summary failed", callId, `attempt ${attempt}/${SUMMARY_ATTEMPTS}`, failure.message);
        write = { ...write, error: failure.message, updatedAt: now() };
        if (!failure.transient) break;
      }
    }
  }
  // A failure never replaces what a run begun or finished since has written (a retry racing the
  // automatic job, a double click), nor a summary made before: only this run's own "pending" row.
  if (write.status === "failed" && pendingAt === undefined && current) {
    console.error("call summary: the refresh failed; the summary made before stays", callId);
    // The run still counts (its attempt, and when it ended: the next asked-for run waits from there),
    // unless another run has written since.
    return saveRecap(database, callId, { ...current, callerEmotions: base.callerEmotions, attempts: base.attempts, updatedAt: now() }, current.updatedAt);
  }
  return saveRecap(database, callId, write, write.status === "failed" ? pendingAt : undefined);
}
