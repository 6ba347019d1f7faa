// The AI engines a call's stages can run on, and which stages each can run: the vocabulary the settings
// are read in (ai-settings.ts). How each engine is built and named for people: worker/ai/engines.ts.
import type { AiStageKey } from "../../protocol/engines";

export const ENGINE_STAGES = {
  "workers-ai": ["stt", "reply", "speech", "emotions", "turn"],
  openai: ["stt", "reply", "speech"],
  // PocketSphinx + flite on this machine (docs/local-speech.md); only in builds that carry the engines
  // (LOCAL_SPEECH_AVAILABLE: local development and self-hosting, never the production bundle).
  local: ["stt", "reply", "speech", "emotions", "turn"],
  offline: ["stt", "reply", "speech", "emotions", "turn"],
} as const satisfies Record<string, readonly AiStageKey[]>;

export type AiEngineId = keyof typeof ENGINE_STAGES;
export const AI_ENGINE_IDS = Object.keys(ENGINE_STAGES) as [AiEngineId, ...AiEngineId[]];

/** The engine built into Echo: runs every stage with no account and no network. */
export const EMBEDDED_ENGINE: AiEngineId = "offline";

export function engineRuns(engine: AiEngineId, stage: AiStageKey): boolean {
  return (ENGINE_STAGES[engine] as readonly AiStageKey[]).includes(stage);
}
