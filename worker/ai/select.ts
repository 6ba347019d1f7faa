// Chooses the call's AI provider from configuration (readConfig(env).aiProvider): Workers AI when the
// AI binding is configured (or AI_PROVIDER=workers-ai), with the speech-to-text AI_STT_MODEL names
// (Flux streaming by default), otherwise the embedded offline provider.
import { readConfig } from "../config";
import type { Env } from "../env";
import { OfflineProvider } from "./offline/provider";
import type { AiProvider } from "./provider";
import { WorkersAiProvider } from "./workers-ai/provider";

export function selectProvider(env: Env): AiProvider {
  const { aiProvider, stt } = readConfig(env);
  if (aiProvider === "workers-ai" && env.AI) return new WorkersAiProvider(env.AI, { stt });
  return new OfflineProvider();
}
