// The pipeline's trail: what one turn did (stage timings, models, retries, fallbacks, outcome), kept as
// the turn runs, stored with its assistant entry (TurnOutcome) and logged as one JSON line per turn, plus
// one JSON line per failure with its cause — `wrangler tail` shows both. No failure is swallowed: every
// one lands here.
import type { AiStage, TurnOutcome } from "../../../protocol/call-messages";
import type { Delivery } from "../../../protocol/delivery";
import { AiStepError } from "../../ai/errors";
import { safeText } from "../../lib/safe-error";
import { StepFailure } from "./ai-steps";

/** Where log lines go (console in production; tests capture them). */
export interface TrailSink {
  info(record: Record<string, unknown>): void;
  error(record: Record<string, unknown>): void;
}

export const consoleTrail: TrailSink = {
  info: (record) => console.log(JSON.stringify(record)),
  error: (record) => console.error(JSON.stringify(record)),
};

function safeLogText(text: string | undefined): string | null {
  return text === undefined ? null : safeText(text);
}

export function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A failure's cause chain as text (AiStepError → the binding's own error …). */
function causeOf(err: unknown): string | undefined {
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause === undefined) return undefined;
  const inner = causeOf(cause);
  return inner ? `${describeError(cause)} ← ${inner}` : describeError(cause);
}

/** One turn's record. `sttMode` is fixed when the turn starts. */
export class TurnReport {
  readonly retries: Partial<Record<AiStage, number>> = {};
  readonly fallbacks: string[] = [];
  readonly stageMs: Record<string, number> = {};
  failure: StepFailure | null = null;
  /** The failure counts toward ending the call (a model error, not an empty transcript). */
  countsAsFailure = false;
  /** How the reply was said (reply/delivery.ts). */
  delivery: Delivery | null = null;
  /** Extra end-of-turn silence the caller was given before this turn ended (turns/patience.ts). */
  patienceMs = 0;

  constructor(readonly sttMode: TurnOutcome["sttMode"]) {}

  retry(stage: AiStage): void {
    this.retries[stage] = (this.retries[stage] ?? 0) + 1;
  }

  fallback(name: string): void {
    if (!this.fallbacks.includes(name)) this.fallbacks.push(name);
  }

  /** The first failure of the turn is the one reported. */
  fail(failure: StepFailure, counts = true): void {
    if (this.failure) return;
    this.failure = failure;
    this.countsAsFailure = counts;
  }

  outcome(status: TurnOutcome["status"] = this.failure ? "failed" : "ok"): TurnOutcome {
    const outcome: TurnOutcome = { status, sttMode: this.sttMode };
    if (this.failure) {
      outcome.failedStage = this.failure.stage;
      outcome.error = this.failure.message;
    }
    if (Object.keys(this.retries).length) outcome.retries = { ...this.retries };
    if (this.fallbacks.length) outcome.fallbacks = [...this.fallbacks];
    // The voice as it is (neutral) is the default: only a delivery that changed something is stored.
    if (this.delivery && this.delivery.tone !== "neutral") outcome.delivery = { ...this.delivery };
    if (this.patienceMs > 0) outcome.patienceMs = this.patienceMs;
    return outcome;
  }
}

export interface TrailContext {
  sink: TrailSink;
  callId: string | null;
  provider: string;
  models: Partial<Record<AiStage, string>> | undefined;
}

/** The per-turn log line. */
export function logTurn(ctx: TrailContext, turn: number, turnId: string | null, report: TurnReport, status: TurnOutcome["status"]): void {
  const outcome = report.outcome(status);
  ctx.sink.info({
    event: "turn",
    callId: ctx.callId,
    turn,
    turnId,
    provider: ctx.provider,
    models: ctx.models ?? null,
    sttMode: report.sttMode,
    timings: report.stageMs,
    retries: report.retries,
    fallbacks: report.fallbacks,
    delivery: report.delivery ? { tone: report.delivery.tone, rate: report.delivery.rate, pitchSt: report.delivery.pitchSt, volume: report.delivery.volume } : null,
    patienceMs: report.patienceMs,
    outcome: outcome.status,
    ...(outcome.failedStage ? { failedStage: outcome.failedStage, error: safeLogText(outcome.error) } : {}),
  });
}

/** The per-failure log line, with its cause. */
export function logFailure(ctx: TrailContext, turn: number | null, stage: AiStage | "pipeline", err: unknown, extra: Record<string, unknown> = {}): void {
  const failure = err instanceof StepFailure ? err : null;
  const original = failure ? failure.cause : err;
  ctx.sink.error({
    event: "ai_failure",
    callId: ctx.callId,
    turn,
    stage,
    model: original instanceof AiStepError ? original.model : (ctx.models?.[stage as AiStage] ?? null),
    code: failure?.code ?? (original instanceof AiStepError ? original.code : undefined) ?? null,
    status: original instanceof AiStepError ? (original.status ?? null) : null,
    transient: original instanceof AiStepError ? original.transient : null,
    retries: failure?.retries ?? 0,
    timedOut: failure?.timedOut ?? false,
    // Vendors' messages may quote what they were sent (a caller's words): blanked (lib/safe-error.ts).
    error: safeText(describeError(err)),
    cause: safeLogText(causeOf(failure ?? err)),
    ...extra,
  });
}

/** A failed call-start warm-up (AiProvider.warmUp): each engine's failure under its own stage. */
export function logWarmUpFailure(ctx: TrailContext, err: unknown): void {
  const failures: unknown[] = err instanceof AggregateError ? err.errors : [err];
  for (const failure of failures) {
    logFailure(ctx, null, failure instanceof AiStepError ? failure.stage : "pipeline", failure, { fallback: "loaded on first use" });
  }
}
