// One AI step under a deadline with retries: each attempt gets an AbortSignal that fires when the
// deadline passes or the caller's `signal` does (the turn was abandoned); a transient failure
// (AiStepError.transient, or an attempt the deadline cut short is not retried — time is up) is retried
// after a jittered exponential backoff while the deadline leaves room. Whatever still fails comes out as
// a StepFailure naming the stage, with the retries it took. Provider-agnostic: knows only AiStepError.
import { AiStepError, type AiStage } from "../../ai/errors";
import { raceAbort } from "./abortable";
import { abortError, isAbortError, type Clock } from "./clock";
import type { PipelineSettings } from "../../config/pipeline-settings";

export interface StepContext {
  clock: Clock;
  settings: PipelineSettings;
  /** Random number in [0, 1) for backoff jitter (injectable for tests). */
  random: () => number;
}

export interface StepRun {
  stage: AiStage;
  deadlineMs: number;
  /** The turn was abandoned: stop at once (rejects with AbortError, not a StepFailure). */
  signal?: AbortSignal;
  /** Called before each retry (for the trail). */
  onRetry?: (err: unknown, attempt: number) => void;
}

/** A step that failed for good: after `retries` retries, or when its deadline passed (`timedOut`). */
export class StepFailure extends Error {
  override readonly name = "StepFailure";
  constructor(
    readonly stage: AiStage,
    message: string,
    readonly retries: number,
    readonly timedOut: boolean,
    readonly code: string | number | undefined,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

export function isTransient(err: unknown): boolean {
  return err instanceof AiStepError && err.transient;
}

/** Backoff before retry `n` (1-based): base·2^(n−1), capped, jittered to 50–100 %. */
export function backoffMs(n: number, ctx: StepContext): number {
  const { backoffBaseMs, backoffMaxMs } = ctx.settings;
  const full = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (n - 1));
  return Math.round(full * (0.5 + 0.5 * ctx.random()));
}

const STAGE_NAMES: Record<AiStage, string> = {
  transcribe: "Speech-to-text",
  turn: "The turn model",
  emotions: "Emotion scoring",
  reply: "The language model",
  speech: "Text-to-speech",
};

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A controller that aborts with `signal` and after `ms` on `clock`; `timedOut` says which. */
export function deadlineController(clock: Clock, ms: number, signal?: AbortSignal) {
  const controller = new AbortController();
  const state = { timedOut: false };
  const stopTimer = new AbortController();
  clock.sleep(ms, stopTimer.signal).then(
    () => {
      state.timedOut = true;
      controller.abort();
    },
    () => undefined,
  );
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return state.timedOut;
    },
    /** Stops the deadline timer and unhooks from the outer signal. */
    dispose() {
      stopTimer.abort();
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

/** Runs `attempt` until it succeeds, fails for good, or the deadline passes. */
export async function runStep<T>(ctx: StepContext, run: StepRun, attempt: (signal: AbortSignal) => Promise<T>): Promise<{ value: T; retries: number }> {
  const deadline = deadlineController(ctx.clock, run.deadlineMs, run.signal);
  const startedAt = ctx.clock.now();
  let retries = 0;
  try {
    for (;;) {
      try {
        const value = await raceAbort(attempt(deadline.signal), deadline.signal);
        return { value, retries };
      } catch (err) {
        if (run.signal?.aborted) throw abortError();
        if (deadline.timedOut) throw timeout(run, retries, err);
        if (isAbortError(err)) throw abortError();
        const wait = backoffMs(retries + 1, ctx);
        const left = run.deadlineMs - (ctx.clock.now() - startedAt);
        if (!isTransient(err) || retries + 1 >= ctx.settings.maxAttempts || wait >= left) throw failure(run.stage, err, retries);
        retries++;
        run.onRetry?.(err, retries);
        try {
          await ctx.clock.sleep(wait, deadline.signal);
        } catch {
          if (run.signal?.aborted) throw abortError();
          throw timeout(run, retries, err);
        }
      }
    }
  } finally {
    deadline.dispose();
  }
}

export function failure(stage: AiStage, err: unknown, retries: number): StepFailure {
  if (err instanceof StepFailure) return err;
  const code = err instanceof AiStepError ? err.code : undefined;
  const after = retries > 0 ? ` (after ${retries} ${retries === 1 ? "retry" : "retries"})` : "";
  return new StepFailure(stage, `${describe(err)}${after}`, retries, false, code, err);
}

function timeout(run: StepRun, retries: number, last: unknown): StepFailure {
  const lastError = last && !isAbortError(last) ? `; last error: ${describe(last)}` : "";
  return new StepFailure(run.stage, `${STAGE_NAMES[run.stage]} did not answer within ${run.deadlineMs} ms${lastError}`, retries, true, "deadline", last);
}

/** A StepFailure for a stage whose own deadline (e.g. a stream's) passed. */
export function stageTimeout(stage: AiStage, deadlineMs: number, retries: number, what = "did not answer"): StepFailure {
  return new StepFailure(stage, `${STAGE_NAMES[stage]} ${what} within ${deadlineMs} ms`, retries, true, "deadline", undefined);
}
