// Which engine runs each stage of a call, in words, for the dashboard and the Test Call notice.
import { AI_STAGE_KEYS, type AiEngines } from "../../protocol/engines";
import { ENGINES } from "./engines";
import type { AiProvider } from "./provider";
import type { AiSettings } from "../config/ai-settings";

export function describeEngines(settings: AiSettings): AiEngines {
  const stages = Object.fromEntries(
    AI_STAGE_KEYS.map((stage) => {
      const engine = settings.stages[stage];
      return [stage, { engine, label: ENGINES[engine].label(stage, settings) }];
    }),
  ) as AiEngines["stages"];
  return {
    stages,
    recognizesSpeech: settings.stages.stt !== "offline",
    summary: [stages.stt.label, stages.reply.label, stages.speech.label].join(" · "),
  };
}

/** A provider's own description, or — for one built outside the composition — its name on every stage. */
export function describeProvider(provider: AiProvider): AiEngines {
  if (provider.engines) return provider.engines;
  const same = { engine: provider.name, label: provider.name };
  return {
    stages: { stt: same, reply: same, speech: same, emotions: same, turn: same },
    recognizesSpeech: provider.name !== "offline",
    summary: provider.name,
  };
}
