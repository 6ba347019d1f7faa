// The composed provider's warm-up: at call start every engine a call's stages run on loads what it
// needs (the local recogniser, the `openai` client's module…) before the caller's first turn, so the
// first step of each stage doesn't spend its deadline loading. Each engine is told which stages it
// runs for this call (an engine that only speaks needn't load its recogniser). Engines warm up side by
// side; a failure names the stage and the engine, and every failure is reported, not only the first.
import { AI_STAGE_KEYS, type AiStageKey } from "../../protocol/engines";
import { AiStepError, type AiStage } from "./errors";

/** The pipeline's name for each configured stage (the trail and AiStepError speak in these). */
export const STEP_OF_STAGE: Readonly<Record<AiStageKey, AiStage>> = { stt: "transcribe", reply: "reply", speech: "speech", emotions: "emotions", turn: "turn" };

export interface WarmableEngine {
  /** The engine's id, e.g. "local", "openai": what a failure names when the engine names no model. */
  id: string;
  /** The stages this call runs on the engine. */
  stages: ReadonlySet<AiStageKey>;
  models?: Partial<Record<AiStage, string>>;
  warmUp?(stages: ReadonlySet<AiStageKey>): Promise<void>;
}

function failureOf(engine: WarmableEngine, cause: unknown): AiStepError {
  if (cause instanceof AiStepError) return cause;
  const first = AI_STAGE_KEYS.find((key) => engine.stages.has(key)) ?? "stt";
  const stage = STEP_OF_STAGE[first];
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new AiStepError(`The ${engine.id} engine did not load: ${reason}`, { stage, model: engine.models?.[stage] ?? engine.id, transient: false, cause });
}

/**
 * One warm-up for the engines that have one, or undefined when none has. It rejects with the failure
 * (an AiStepError naming a stage the engine runs) or, when several engines failed, an AggregateError
 * of them; engines that loaded stay loaded.
 */
export function warmUpEngines(engines: readonly WarmableEngine[]): (() => Promise<void>) | undefined {
  const warmable = engines.filter((engine) => engine.warmUp && engine.stages.size > 0);
  if (warmable.length === 0) return undefined;
  return async () => {
    const results = await Promise.allSettled(warmable.map((engine) => engine.warmUp?.(engine.stages)));
    const failures = results.flatMap((result, i) => (result.status === "rejected" ? [failureOf(warmable[i]!, result.reason)] : []));
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} engines did not load`);
  };
}
