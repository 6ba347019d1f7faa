// Which engine runs each AI stage of a call, as the dashboard and the Test Call notice show it
// ("OpenAI whisper-1 · Ollama llama3.2 · formant voice").
import { z } from "zod";

/** The stages of a call's AI, each run by its own engine. */
export const AI_STAGE_KEYS = ["stt", "reply", "speech", "emotions", "turn"] as const;
export type AiStageKey = (typeof AI_STAGE_KEYS)[number];

const stageEngineSchema = z.object({
  /** The engine's id, e.g. "workers-ai", "openai", "offline". */
  engine: z.string(),
  /** What runs the stage, for people: "OpenAI whisper-1", "Ollama llama3.2", "rule-based replies". */
  label: z.string(),
});
export type StageEngine = z.infer<typeof stageEngineSchema>;

export const aiEnginesSchema = z.object({
  stages: z.object({ stt: stageEngineSchema, reply: stageEngineSchema, speech: stageEngineSchema, emotions: stageEngineSchema, turn: stageEngineSchema }),
  /** False when speech-to-text cannot recognise words (the offline engine): the caller should type. */
  recognizesSpeech: z.boolean(),
  /** One line for the UI: speech-to-text · replies · voice. */
  summary: z.string(),
});
export type AiEngines = z.infer<typeof aiEnginesSchema>;

/** "Speech-to-text: … · Replies: … · Voice: … · Emotions: … · End of turn: …" (a tooltip's text). */
export function engineDetails(engines: AiEngines): string {
  const { stt, reply, speech, emotions, turn } = engines.stages;
  return `Speech-to-text: ${stt.label} · Replies: ${reply.label} · Voice: ${speech.label} · Emotions: ${emotions.label} · End of turn: ${turn.label}`;
}
