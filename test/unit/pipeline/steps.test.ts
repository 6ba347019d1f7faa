import { describe, expect, it } from "vitest";
import { raceAbort } from "../../../worker/pipeline/core/abortable";
import { DEFAULT_PIPELINE_SETTINGS, PIPELINE_SETTING_NAMES, PipelineSettingError, readPipelineSettings } from "../../../worker/config/pipeline-settings";
import { backoffMs, runStep, StepFailure, type StepContext } from "../../../worker/pipeline/core/ai-steps";
import { stepError } from "../support/chaos-provider";
import { ManualClock, settle } from "../support/manual-clock";

const context = (random = () => 0.5, settings = {}): StepContext & { clock: ManualClock } => ({
  clock: new ManualClock(),
  settings: { ...DEFAULT_PIPELINE_SETTINGS, ...settings },
  random,
});

describe("pipeline settings", () => {
  it("defaults: STT 6 s, turn model 350 ms, first token 4 s, sentence speech 5 s, 3 attempts, give up after 3 failed turns", () => {
    expect(readPipelineSettings({})).toEqual(DEFAULT_PIPELINE_SETTINGS);
    expect(DEFAULT_PIPELINE_SETTINGS).toMatchObject({ transcribeMs: 6000, turnModelMs: 350, firstTokenMs: 4000, speechMs: 5000, maxAttempts: 3, maxFailedTurns: 3 });
  });

  it("reads overrides from their environment variables and names a bad one", () => {
    expect(readPipelineSettings({ AI_STT_DEADLINE_MS: "2500", AI_MAX_ATTEMPTS: " 1 ", AI_REPLY_DEADLINE_MS: "" })).toMatchObject({ transcribeMs: 2500, maxAttempts: 1, replyMs: 20_000 });
    expect(() => readPipelineSettings({ AI_TURN_MODEL_DEADLINE_MS: "fast" })).toThrow(PipelineSettingError);
    expect(() => readPipelineSettings({ AI_MAX_ATTEMPTS: "0" })).toThrow(/AI_MAX_ATTEMPTS must be a whole number in range\. /);
    expect(new Set(Object.values(PIPELINE_SETTING_NAMES)).size).toBe(Object.keys(DEFAULT_PIPELINE_SETTINGS).length);
  });
});

describe("runStep", () => {
  it("backs off exponentially with jitter between 50 and 100 %, capped", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, context(() => 0)))).toEqual([100, 200, 400, 500]);
    expect([1, 2, 3, 4].map((n) => backoffMs(n, context(() => 0.999999)))).toEqual([200, 400, 800, 1000]);
  });

  it("retries transient failures, not others", async () => {
    const ctx = context();
    let calls = 0;
    const flaky = runStep(ctx, { stage: "reply", deadlineMs: 5000 }, async () => {
      if (++calls < 3) throw stepError("reply", "busy (429)", true, { status: 429 });
      return "ok";
    });
    await ctx.clock.advance(1000);
    expect(await flaky).toEqual({ value: "ok", retries: 2 });

    let hard = 0;
    const refused = runStep(ctx, { stage: "reply", deadlineMs: 5000 }, async () => {
      hard++;
      throw stepError("reply", "invalid input", false);
    });
    await expect(refused).rejects.toMatchObject({ name: "StepFailure", stage: "reply", retries: 0, timedOut: false, message: "invalid input" });
    expect(hard).toBe(1);
  });

  it("a hung attempt is cancelled at the deadline, and no retry is started past it", async () => {
    const ctx = context();
    const signals: AbortSignal[] = [];
    const step = runStep(ctx, { stage: "speech", deadlineMs: 5000 }, (signal) => {
      signals.push(signal);
      return new Promise<never>(() => undefined);
    });
    const outcome = step.catch((e: unknown) => e);
    await ctx.clock.advance(4999);
    expect(signals[0]!.aborted).toBe(false);
    await ctx.clock.advance(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(StepFailure);
    expect(err).toMatchObject({ timedOut: true, code: "deadline", message: "Text-to-speech did not answer within 5000 ms" });
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
    expect(ctx.clock.pendingTimers).toBe(0);
  });

  it("the caller's signal cancels at once with an AbortError (not a failure)", async () => {
    const ctx = context();
    const controller = new AbortController();
    const step = runStep(ctx, { stage: "transcribe", deadlineMs: 6000, signal: controller.signal }, () => new Promise<never>(() => undefined));
    const outcome = step.catch((e: unknown) => e);
    controller.abort();
    expect(await outcome).toMatchObject({ name: "AbortError" });
  });
});

describe("raceAbort", () => {
  it("leaves no unhandled rejection when the signal was aborted before the work failed", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      const controller = new AbortController();
      controller.abort();
      let fail!: (e: Error) => void;
      const work = new Promise<never>((_, reject) => (fail = reject));
      await expect(raceAbort(work, controller.signal)).rejects.toMatchObject({ name: "AbortError" });
      fail(new Error("late failure"));
      await settle();
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
