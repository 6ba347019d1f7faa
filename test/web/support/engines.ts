// Engine descriptions as the server sends them (worker/ai/describe.ts), for web unit tests.
import type { AiEngines } from "../../../protocol/engines";

export const OFFLINE_ENGINES: AiEngines = {
  stages: {
    stt: { engine: "offline", label: "no speech recognition" },
    reply: { engine: "offline", label: "rule-based replies" },
    speech: { engine: "offline", label: "formant voice" },
    emotions: { engine: "offline", label: "words model" },
    turn: { engine: "offline", label: "voice activity" },
  },
  recognizesSpeech: false,
  summary: "no speech recognition · rule-based replies · formant voice",
};

export const WORKERS_AI_ENGINES: AiEngines = {
  stages: {
    stt: { engine: "workers-ai", label: "Workers AI whisper-large-v3-turbo" },
    reply: { engine: "workers-ai", label: "Workers AI llama-3.3-70b-instruct-fp8-fast" },
    speech: { engine: "workers-ai", label: "Workers AI aura-1" },
    emotions: { engine: "workers-ai", label: "words model" },
    turn: { engine: "workers-ai", label: "Workers AI smart-turn-v2" },
  },
  recognizesSpeech: true,
  summary: "Workers AI whisper-large-v3-turbo · Workers AI llama-3.3-70b-instruct-fp8-fast · Workers AI aura-1",
};
