// How each AI engine is built and how what runs a stage is named for people. Which engines exist and the
// stages each can run: worker/config/engine-ids.ts (adding an engine is one entry there and one here).
import type { AiStageKey } from "../../protocol/engines";
import type { AiEngineId } from "../config/engine-ids";
import type { Env } from "../config/env";
import { createLocalSpeechProvider } from "./local/available";
import { OfflineProvider } from "./offline/provider";
import { OpenAiCompatibleEngine } from "./openai/provider";
import type { AiProvider } from "./provider";
import type { AiSettings } from "../config/ai-settings";
import { MODELS, WorkersAiProvider } from "./workers-ai/provider";

export interface EngineContext {
  env: Env;
  settings: AiSettings;
}

/** The stages an engine implements (the composed provider takes each stage from its chosen engine). */
export type EngineStages = Partial<
  Pick<AiProvider, "transcribe" | "openTranscriber" | "textEmotions" | "reply" | "synthesize" | "detectTurnEnd" | "models" | "startTranscription">
> & {
  /** Optional: loads what the engine needs for these stages, at call start (worker/ai/warm-up.ts). */
  warmUp?(stages: ReadonlySet<AiStageKey>): Promise<void>;
};

interface EngineDefinition {
  create(context: EngineContext): EngineStages;
  /** What runs `stage` on this engine, for people (only asked for stages it runs). */
  label(stage: AiStageKey, settings: AiSettings): string;
}

const STT_MODELS = { flux: MODELS.flux, whisper: MODELS.whisper, "nova-3": MODELS.nova } as const;

/** Every engine scores emotions with the same words model (worker/emotion/), in the Worker. */
const WORDS_MODEL_LABEL = "words model";

const shortModel = (model: string) => model.replace(/^@cf\/[^/]+\//, "");

export const ENGINES = {
  "workers-ai": {
    create: ({ env, settings }) => {
      if (!env.AI) throw new Error("Workers AI needs the AI binding");
      return new WorkersAiProvider(env.AI, { stt: settings.workersAiStt });
    },
    label: (stage, settings) =>
      stage === "emotions"
        ? WORDS_MODEL_LABEL
        : `Workers AI ${{ stt: shortModel(STT_MODELS[settings.workersAiStt]), reply: shortModel(MODELS.llm), speech: shortModel(MODELS.tts), turn: shortModel(MODELS.turn) }[stage]}`,
  },
  openai: {
    create: ({ settings }) => new OpenAiCompatibleEngine(settings.openai),
    label: (stage, settings) => {
      const endpoint = stage === "stt" || stage === "reply" || stage === "speech" ? settings.openai[stage] : null;
      return endpoint ? `${endpoint.vendor} ${endpoint.model}` : "OpenAI-compatible";
    },
  },
  local: {
    create: () => createLocalSpeechProvider(),
    label: (stage) =>
      ({ stt: "Local speech", reply: "rule-based replies", speech: "flite voice", emotions: WORDS_MODEL_LABEL, turn: "voice activity" })[stage],
  },
  offline: {
    create: () => new OfflineProvider(),
    label: (stage) =>
      ({ stt: "no speech recognition", reply: "rule-based replies", speech: "formant voice", emotions: WORDS_MODEL_LABEL, turn: "voice activity" })[stage],
  },
} as const satisfies Record<AiEngineId, EngineDefinition>;
