// The AI settings, per stage: which engine runs speech-to-text, replies, speech, emotions and end of
// turn (AI_STT, AI_REPLY, AI_SPEECH, AI_EMOTIONS, AI_TURN; AI_PROVIDER is the default for all), and for
// each stage on an OpenAI-compatible server its base URL, API key (secret), model and voices. Validated
// with zod; a bad value is one ConfigError naming the setting.
import { z } from "zod";
import type { AiProviderName } from "../../protocol/call-messages";
import { AI_STAGE_KEYS, type AiStageKey } from "../../protocol/engines";
import { VOICE_STYLES, type VoiceStyle } from "../../protocol/echo";
import { ConfigError } from "./config-error";
import type { Env } from "./env";
import { AI_ENGINE_IDS, EMBEDDED_ENGINE, engineRuns, type AiEngineId } from "./engine-ids";
import { LOCAL_SPEECH_AVAILABLE } from "./local-speech-build";
import { STT_CHOICES, type SttChoice } from "./stt-choice";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** One stage on an OpenAI-compatible server. */
export interface OpenAiEndpoint {
  baseURL: string;
  /** Secret; null for servers that need none (Ollama, llama.cpp server, speaches…). */
  apiKey: string | null;
  model: string;
  /** Who serves it, for people: "OpenAI", "Groq", "Ollama" or the server's host. */
  vendor: string;
}

export interface OpenAiSpeechEndpoint extends OpenAiEndpoint {
  voices: Record<VoiceStyle, string>;
  /** `wav` (self-describing) or `pcm` (raw 16-bit little-endian mono at pcmSampleRate). */
  format: "wav" | "pcm";
  pcmSampleRate: number;
  /** The reply's delivery goes as the request's `instructions` (OPENAI_SPEECH_INSTRUCTIONS). */
  instructions: boolean;
}

/** Speech models known to take `instructions` (OpenAI's gpt-4o-mini-tts; tts-1 and most servers don't). */
export const INSTRUCTED_SPEECH_MODEL = /^gpt-4o(-mini)?-tts/;

export interface AiSettings {
  stages: Record<AiStageKey, AiEngineId>;
  /** Workers AI speech-to-text (AI_STT_MODEL): flux streaming (default; Whisper + VAD when the stream fails), whisper, nova-3. */
  workersAiStt: SttChoice;
  openai: { stt: OpenAiEndpoint | null; reply: OpenAiEndpoint | null; speech: OpenAiSpeechEndpoint | null };
}

type OpenAiStage = "stt" | "reply" | "speech";

/** The setting that picks each stage's engine. */
export const STAGE_SETTINGS = { stt: "AI_STT", reply: "AI_REPLY", speech: "AI_SPEECH", emotions: "AI_EMOTIONS", turn: "AI_TURN" } as const satisfies Record<AiStageKey, keyof Env>;

const OPENAI_SETTINGS = {
  stt: { baseURL: "OPENAI_STT_BASE_URL", apiKey: "OPENAI_STT_API_KEY", model: "OPENAI_STT_MODEL" },
  reply: { baseURL: "OPENAI_REPLY_BASE_URL", apiKey: "OPENAI_REPLY_API_KEY", model: "OPENAI_REPLY_MODEL" },
  speech: { baseURL: "OPENAI_SPEECH_BASE_URL", apiKey: "OPENAI_SPEECH_API_KEY", model: "OPENAI_SPEECH_MODEL" },
} as const satisfies Record<OpenAiStage, Record<"baseURL" | "apiKey" | "model", keyof Env>>;

/** Models used on api.openai.com when none is named. Other servers must name theirs. */
export const OPENAI_DEFAULT_MODELS: Record<OpenAiStage, string> = { stt: "whisper-1", reply: "gpt-4o-mini", speech: "gpt-4o-mini-tts" };

/** OpenAI's built-in voices for each Echo voice style (OPENAI_SPEECH_VOICE overrides). */
export const OPENAI_DEFAULT_VOICES: Record<VoiceStyle, string> = {
  default: "alloy",
  warm: "coral",
  energetic: "nova",
  authoritative: "onyx",
  gentle: "sage",
};

const STAGE_WORDS: Record<AiStageKey, string> = {
  stt: "speech-to-text",
  reply: "replies",
  speech: "speech",
  emotions: "emotion scores",
  turn: "end-of-turn detection",
};

function text(env: Env, name: keyof Env): string | undefined {
  const value = env[name];
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The engines this build carries (production builds leave local speech out): the choices we name. */
const BUILT_ENGINES = AI_ENGINE_IDS.filter((id) => id !== "local" || LOCAL_SPEECH_AVAILABLE);

const engineSchema = z.enum(AI_ENGINE_IDS);
const providerSchema = z.enum(["auto", ...AI_ENGINE_IDS]);
const baseUrlSchema = z
  .url({ protocol: /^https?$/ })
  .refine((u) => !new URL(u).search && !new URL(u).hash, "no query or fragment");
const voiceSchema = z.string().regex(/^[\w.:\-/]{1,100}$/);

function parse<T>(schema: z.ZodType<T>, setting: string, value: string, expected: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ConfigError(setting, `must be ${expected}`);
  return result.data;
}

/** "https://api.openai.com/v1" → "OpenAI"; ":11434" → "Ollama"; otherwise the host. */
export function vendorOf(baseURL: string): string {
  const url = new URL(baseURL);
  if (url.hostname === "api.openai.com") return "OpenAI";
  if (url.hostname === "api.groq.com") return "Groq";
  if (url.port === "11434" || url.hostname.includes("ollama")) return "Ollama";
  return url.host;
}

function readEndpoint(env: Env, stage: OpenAiStage): OpenAiEndpoint {
  const names = OPENAI_SETTINGS[stage];
  const own = text(env, names.baseURL);
  const baseSetting = own ? names.baseURL : "OPENAI_BASE_URL";
  const rawBase = own ?? text(env, "OPENAI_BASE_URL") ?? OPENAI_DEFAULT_BASE_URL;
  const baseURL = parse(baseUrlSchema, baseSetting, rawBase, "an http(s) URL such as http://localhost:11434/v1").replace(/\/+$/, "");
  const apiKey = text(env, names.apiKey) ?? text(env, "OPENAI_API_KEY") ?? null;
  const official = new URL(baseURL).hostname === "api.openai.com";
  if (official && !apiKey) {
    throw new ConfigError(names.apiKey, `is missing (or OPENAI_API_KEY): ${STAGE_WORDS[stage]} on api.openai.com needs an API key`);
  }
  const model = text(env, names.model) ?? (official ? OPENAI_DEFAULT_MODELS[stage] : undefined);
  if (!model) throw new ConfigError(names.model, `is missing: name the ${STAGE_WORDS[stage]} model its server serves`);
  return { baseURL, apiKey, model, vendor: vendorOf(baseURL) };
}

/** OPENAI_SPEECH_VOICE: one voice for every style ("af_heart"), or "warm=coral,gentle=sage" (others keep OpenAI's). */
function readVoices(env: Env): Record<VoiceStyle, string> {
  const raw = text(env, "OPENAI_SPEECH_VOICE");
  if (!raw) return { ...OPENAI_DEFAULT_VOICES };
  const expected = `one voice name, or style=voice pairs separated by commas (styles: ${VOICE_STYLES.join(", ")})`;
  if (!raw.includes("=")) {
    const voice = parse(voiceSchema, "OPENAI_SPEECH_VOICE", raw, expected);
    return Object.fromEntries(VOICE_STYLES.map((style) => [style, voice])) as Record<VoiceStyle, string>;
  }
  const voices = { ...OPENAI_DEFAULT_VOICES };
  const styleSchema = z.enum(VOICE_STYLES);
  for (const pair of raw.split(",")) {
    const [style = "", voice = ""] = pair.split("=").map((part) => part.trim());
    voices[parse(styleSchema, "OPENAI_SPEECH_VOICE", style, expected)] = parse(voiceSchema, "OPENAI_SPEECH_VOICE", voice, expected);
  }
  return voices;
}

function readSpeechEndpoint(env: Env): OpenAiSpeechEndpoint {
  const format = parse(z.enum(["wav", "pcm"]), "OPENAI_SPEECH_FORMAT", text(env, "OPENAI_SPEECH_FORMAT") ?? "wav", "wav or pcm (MP3 can't be decoded in a Worker)");
  const rate = text(env, "OPENAI_SPEECH_PCM_RATE") ?? "24000";
  const pcmSampleRate = parse(z.coerce.number().int().min(8000).max(48000), "OPENAI_SPEECH_PCM_RATE", rate, "a sample rate in Hz between 8000 and 48000");
  const endpoint = readEndpoint(env, "speech");
  const choice = parse(z.enum(["auto", "on", "off"]), "OPENAI_SPEECH_INSTRUCTIONS", text(env, "OPENAI_SPEECH_INSTRUCTIONS") ?? "auto", "auto, on or off");
  const instructions = choice === "auto" ? INSTRUCTED_SPEECH_MODEL.test(endpoint.model) : choice === "on";
  return { ...endpoint, voices: readVoices(env), format, pcmSampleRate, instructions };
}

/**
 * Each stage's engine: its own setting, else AI_PROVIDER (auto = Workers AI when the AI binding exists,
 * else local speech when the build carries it, else the embedded engine). A stage AI_PROVIDER's engine
 * can't run (an OpenAI-compatible server has no emotion or end-of-turn model) falls back to the embedded
 * engine; naming such an engine for the stage itself is an error, and so is naming local speech in a
 * build without it. Error messages list only the engines this build has.
 */
export function readAiSettings(env: Env): AiSettings {
  const choice = parse(providerSchema, "AI_PROVIDER", text(env, "AI_PROVIDER") ?? "auto", `one of auto, ${BUILT_ENGINES.join(", ")}`);
  const fallback: AiEngineId = choice === "auto" ? (env.AI ? "workers-ai" : LOCAL_SPEECH_AVAILABLE ? "local" : EMBEDDED_ENGINE) : choice;
  const stages = {} as Record<AiStageKey, AiEngineId>;
  for (const stage of AI_STAGE_KEYS) {
    const setting = STAGE_SETTINGS[stage];
    const own = text(env, setting);
    const engine = own ? parse(engineSchema, setting, own, `one of ${BUILT_ENGINES.join(", ")}`) : fallback;
    const runs = engineRuns(engine, stage);
    if (!runs && own) throw new ConfigError(setting, `names an engine with no ${STAGE_WORDS[stage]}; choose one of ${BUILT_ENGINES.filter((id) => engineRuns(id, stage)).join(", ")}`);
    const chosen = runs ? engine : EMBEDDED_ENGINE;
    if (chosen === "local" && !LOCAL_SPEECH_AVAILABLE) {
      throw new ConfigError(own ? setting : "AI_PROVIDER", `asks for local speech but this build has none (production builds leave it out; build with ECHO_LOCAL_SPEECH=1 to self-host it)`);
    }
    if (chosen === "workers-ai" && !env.AI) {
      throw new ConfigError(own ? setting : "AI_PROVIDER", `asks for Workers AI but no [ai] binding named AI is configured`);
    }
    stages[stage] = chosen;
  }
  const sttModel = text(env, "AI_STT_MODEL") ?? "flux";
  const workersAiStt = STT_CHOICES.find((c) => c === sttModel);
  if (!workersAiStt) throw new ConfigError("AI_STT_MODEL", `must be ${STT_CHOICES.join(", ")}`);
  return {
    stages,
    workersAiStt,
    openai: {
      stt: stages.stt === "openai" ? readEndpoint(env, "stt") : null,
      reply: stages.reply === "openai" ? readEndpoint(env, "reply") : null,
      speech: stages.speech === "openai" ? readSpeechEndpoint(env) : null,
    },
  };
}

/** The call's AI in one word: the engine of speech-to-text, replies and speech when they share one. */
export function providerNameOf(settings: AiSettings): AiProviderName {
  const { stt, reply, speech } = settings.stages;
  return stt === reply && reply === speech ? stt : "mixed";
}
