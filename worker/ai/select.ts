// The call's AI provider, composed per stage from the configuration (readConfig(env).ai): each of
// speech-to-text, replies, speech, emotions and end of turn comes from the engine chosen for it
// (worker/ai/engines.ts), so any mix works — Workers AI speech-to-text with an Ollama model, the
// embedded voice with OpenAI's replies, and so on.
import type { AiStage } from "../../protocol/call-messages";
import { AI_STAGE_KEYS, type AiStageKey } from "../../protocol/engines";
import { readConfig } from "../config/config";
import type { Env } from "../config/env";
import { describeEngines } from "./describe";
import type { AiEngineId } from "../config/engine-ids";
import { ENGINES, type EngineStages } from "./engines";
import type { AiProvider } from "./provider";
import { providerNameOf, type AiSettings } from "../config/ai-settings";
import { STEP_OF_STAGE, warmUpEngines } from "./warm-up";

function missing(stage: AiStageKey, engine: AiEngineId): never {
  throw new Error(`The ${engine} engine does not implement the ${stage} stage`);
}

function stageModels(engineOf: (stage: AiStageKey) => EngineStages): Partial<Record<AiStage, string>> {
  const models: Partial<Record<AiStage, string>> = {};
  for (const key of AI_STAGE_KEYS) {
    const stage = STEP_OF_STAGE[key];
    const model = engineOf(key).models?.[stage];
    if (model) models[stage] = model;
  }
  return models;
}

/** One provider whose every stage runs on the engine the settings chose for it. */
export function composeProvider(settings: AiSettings, env: Env): AiProvider {
  const built = new Map<AiEngineId, EngineStages>();
  const engineFor = (stage: AiStageKey): EngineStages => {
    const id = settings.stages[stage];
    let engine = built.get(id);
    if (!engine) {
      engine = ENGINES[id].create({ env, settings });
      built.set(id, engine);
    }
    return engine;
  };
  const stt = engineFor("stt");
  const reply = engineFor("reply");
  const speech = engineFor("speech");
  const emotions = engineFor("emotions");
  const turn = engineFor("turn");
  const transcribe = stt.transcribe?.bind(stt) ?? missing("stt", settings.stages.stt);
  const textEmotions = emotions.textEmotions?.bind(emotions) ?? missing("emotions", settings.stages.emotions);
  const replyStream = reply.reply?.bind(reply) ?? missing("reply", settings.stages.reply);
  const synthesize = speech.synthesize?.bind(speech) ?? missing("speech", settings.stages.speech);
  // An engine without a turn model leaves the end of turn to the VAD.
  const detectTurnEnd = turn.detectTurnEnd?.bind(turn);
  // Incremental speech-to-text only from the speech-to-text stage's own engine.
  const startTranscription = stt.startTranscription?.bind(stt);
  // Every engine the call runs on warms up at call start, told which stages it runs.
  const warmUp = warmUpEngines(
    [...built].map(([id, engine]) => ({
      id,
      stages: new Set(AI_STAGE_KEYS.filter((key) => settings.stages[key] === id)),
      ...(engine.models ? { models: engine.models } : {}),
      ...(engine.warmUp ? { warmUp: engine.warmUp.bind(engine) } : {}),
    })),
  );
  // Streaming speech-to-text (with its own turn-taking) when the speech-to-text engine has it.
  const openTranscriber = stt.openTranscriber?.bind(stt);
  return {
    name: providerNameOf(settings),
    engines: describeEngines(settings),
    transcribe,
    textEmotions,
    reply: replyStream,
    synthesize,
    ...(detectTurnEnd ? { detectTurnEnd } : {}),
    ...(startTranscription ? { startTranscription } : {}),
    ...(warmUp ? { warmUp } : {}),
    ...(openTranscriber ? { openTranscriber } : {}),
    // Which model answered each stage, for the per-turn log lines (engines that name theirs).
    models: stageModels(engineFor),
  };
}

export function selectProvider(env: Env): AiProvider {
  return composeProvider(readConfig(env).ai, env);
}
