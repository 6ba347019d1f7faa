// Chooses the call's AI provider from configuration (readConfig(env).aiProvider): Workers AI when the
// AI binding is configured (or AI_PROVIDER=workers-ai), otherwise local speech when the build carries
// it (local development, self-hosting), otherwise the embedded offline provider.
import { readConfig } from "../config";
import type { Env } from "../env";
import { createLocalSpeechProvider } from "./local/available";
import { OfflineProvider } from "./offline/provider";
import type { AiProvider } from "./provider";
import { WorkersAiProvider } from "./workers-ai/provider";

export function selectProvider(env: Env): AiProvider {
  const { aiProvider } = readConfig(env);
  if (aiProvider === "workers-ai" && env.AI) return new WorkersAiProvider(env.AI);
  if (aiProvider === "local") return createLocalSpeechProvider();
  return new OfflineProvider();
}
