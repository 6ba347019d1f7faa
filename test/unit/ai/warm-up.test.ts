// The composed provider's warm-up (worker/ai/warm-up.ts): every engine a call runs on loads what it
// needs at call start, told which of the call's stages it runs; failures name the stage and the engine.
import { describe, expect, it } from "vitest";
import type { AiStageKey } from "../../../protocol/engines";
import { AiStepError } from "../../../worker/ai/errors";
import { warmUpEngines, type WarmableEngine } from "../../../worker/ai/warm-up";

function engine(id: string, stages: AiStageKey[], warm?: (stages: ReadonlySet<AiStageKey>) => Promise<void>, models?: WarmableEngine["models"]): WarmableEngine {
  return { id, stages: new Set(stages), ...(warm ? { warmUp: warm } : {}), ...(models ? { models } : {}) };
}

describe("warmUpEngines", () => {
  it("warms every engine that has a warm-up once, with the stages it runs for the call", async () => {
    const seen: Array<[string, AiStageKey[]]> = [];
    const record = (id: string) => async (stages: ReadonlySet<AiStageKey>) => void seen.push([id, [...stages]]);
    const warmUp = warmUpEngines([
      engine("local", ["stt", "speech", "emotions", "turn"], record("local")),
      engine("openai", ["reply"], record("openai")),
      engine("offline", [], record("offline")), // runs no stage of this call: not warmed
    ]);
    await warmUp?.();
    expect(seen.sort()).toEqual([
      ["local", ["stt", "speech", "emotions", "turn"]],
      ["openai", ["reply"]],
    ]);
  });

  it("is absent when no engine has anything to load", () => {
    expect(warmUpEngines([engine("workers-ai", ["stt", "reply"]), engine("offline", ["speech"])])).toBeUndefined();
  });

  it("warms the engines side by side: a slow one does not hold up another's", async () => {
    let releaseSlow!: () => void;
    let fastDone = false;
    const warmUp = warmUpEngines([
      engine("local", ["stt"], () => new Promise<void>((resolve) => (releaseSlow = resolve))),
      engine("openai", ["reply"], async () => void (fastDone = true)),
    ]);
    const all = warmUp?.();
    await Promise.resolve();
    expect(fastDone).toBe(true);
    releaseSlow();
    await all;
  });

  it("names the first stage the failed engine runs, and its model when it names one", async () => {
    const failing = warmUpEngines([
      engine("openai", ["reply", "speech"], () => Promise.reject(new Error("chunk failed to load"))),
      engine("local", ["stt"], async () => undefined),
    ]);
    const err = await failing?.().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiStepError);
    expect(err).toMatchObject({ stage: "reply", model: "openai", transient: false, message: "The openai engine did not load: chunk failed to load" });
    expect((err as AiStepError).cause).toEqual(new Error("chunk failed to load"));

    const named = warmUpEngines([engine("local", ["speech", "stt"], () => Promise.reject(new Error("no wasm")), { transcribe: "pocketsphinx-en-us" })]);
    await expect(named?.()).rejects.toMatchObject({ stage: "transcribe", model: "pocketsphinx-en-us" });
  });

  it("keeps an engine's own AiStepError, and reports every failure when several engines fail", async () => {
    const own = new AiStepError("model file missing", { stage: "transcribe", model: "pocketsphinx", transient: false });
    const warmUp = warmUpEngines([
      engine("local", ["stt"], () => Promise.reject(own)),
      engine("openai", ["reply"], () => Promise.reject(new Error("offline"))),
    ]);
    const err = await warmUp?.().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AggregateError);
    const errors = (err as AggregateError).errors as AiStepError[];
    expect(errors[0]).toBe(own);
    expect(errors.map((e) => [e.stage, e.model])).toEqual([
      ["transcribe", "pocketsphinx"],
      ["reply", "openai"],
    ]);
  });
});
