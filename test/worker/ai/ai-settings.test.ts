// AI settings per stage (worker/config/ai-settings.ts via readConfig): defaults, mixes, and one readable
// ConfigError naming the bad setting; plus how the composed provider describes its engines.
// This project is built as production is, without local speech (vitest.config.ts); the same settings
// in a build with it: local-speech.test.ts.
import { describe, expect, it } from "vitest";
import { describeEngines } from "../../../worker/ai/describe";
import { LOCAL_SPEECH_AVAILABLE } from "../../../worker/config/local-speech-build";
import { composeProvider } from "../../../worker/ai/select";
import { ConfigError, readConfig } from "../../../worker/config/config";
import type { Env } from "../../../worker/config/env";

const base = { PUBLIC_PHONE_NUMBER: "+1 555 010 0199" } as Env;
const withAi = { ...base, AI: {} as Ai } as Env;
const read = (settings: Partial<Env>, env: Env = base) => readConfig({ ...env, ...settings });

function configError(settings: Partial<Env>, env: Env = base): ConfigError {
  try {
    read(settings, env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("AI settings", () => {
  it("auto, in a build without local speech: every stage offline without the AI binding, Workers AI with it", () => {
    expect(LOCAL_SPEECH_AVAILABLE).toBe(false);
    expect(read({}).ai.stages).toEqual({ stt: "offline", reply: "offline", speech: "offline", emotions: "offline", turn: "offline" });
    expect(read({}, withAi).ai.stages).toEqual({ stt: "workers-ai", reply: "workers-ai", speech: "workers-ai", emotions: "workers-ai", turn: "workers-ai" });
    expect(read({}).aiProvider).toBe("offline");
  });

  it("AI_PROVIDER=openai: OpenAI for speech-to-text, replies and speech with its default models; emotions and turn stay embedded", () => {
    const cfg = read({ AI_PROVIDER: "openai", OPENAI_API_KEY: "sk-x" });
    expect(cfg.ai.stages).toEqual({ stt: "openai", reply: "openai", speech: "openai", emotions: "offline", turn: "offline" });
    expect(cfg.aiProvider).toBe("openai");
    expect(cfg.ai.openai.stt).toEqual({ baseURL: "https://api.openai.com/v1", apiKey: "sk-x", model: "whisper-1", vendor: "OpenAI" });
    expect(cfg.ai.openai.reply?.model).toBe("gpt-4o-mini");
    expect(cfg.ai.openai.speech).toMatchObject({ model: "gpt-4o-mini-tts", format: "wav", pcmSampleRate: 24000, voices: { default: "alloy", warm: "coral" }, instructions: true });
    expect(describeEngines(cfg.ai).summary).toBe("OpenAI whisper-1 · OpenAI gpt-4o-mini · OpenAI gpt-4o-mini-tts");
  });

  it("mixes: Workers AI speech-to-text and speech with an Ollama model for replies, each stage its own key", () => {
    const cfg = read({ AI_REPLY: "openai", OPENAI_REPLY_BASE_URL: "http://localhost:11434/v1/", OPENAI_REPLY_MODEL: "llama3.2" }, withAi);
    expect(cfg.ai.stages).toEqual({ stt: "workers-ai", reply: "openai", speech: "workers-ai", emotions: "workers-ai", turn: "workers-ai" });
    expect(cfg.aiProvider).toBe("mixed");
    expect(cfg.ai.openai).toEqual({ stt: null, reply: { baseURL: "http://localhost:11434/v1", apiKey: null, model: "llama3.2", vendor: "Ollama" }, speech: null });
    const engines = describeEngines(cfg.ai);
    // Workers AI speech-to-text is Flux streaming unless AI_STT_MODEL names another model.
    expect(engines.summary).toBe("Workers AI flux · Ollama llama3.2 · Workers AI aura-1");
    const whisper = describeEngines(read({ AI_REPLY: "openai", OPENAI_REPLY_BASE_URL: "http://localhost:11434/v1/", OPENAI_REPLY_MODEL: "llama3.2", AI_STT_MODEL: "whisper" }, withAi).ai);
    expect(whisper.summary).toBe("Workers AI whisper-large-v3-turbo · Ollama llama3.2 · Workers AI aura-1");
    expect(engines.recognizesSpeech).toBe(true);
    expect(engines.stages.turn).toEqual({ engine: "workers-ai", label: "Workers AI smart-turn-v2" });

    const perStage = read({ AI_PROVIDER: "openai", OPENAI_API_KEY: "sk-shared", OPENAI_SPEECH_API_KEY: "sk-speech", OPENAI_STT_BASE_URL: "https://api.groq.com/openai/v1", OPENAI_STT_API_KEY: "gsk", OPENAI_STT_MODEL: "whisper-large-v3" });
    expect([perStage.ai.openai.stt?.apiKey, perStage.ai.openai.reply?.apiKey, perStage.ai.openai.speech?.apiKey]).toEqual(["gsk", "sk-shared", "sk-speech"]);
    expect(describeEngines(perStage.ai).stages.stt.label).toBe("Groq whisper-large-v3");
  });

  it("voices: one for every style, or style=voice pairs over OpenAI's defaults", () => {
    const one = read({ AI_SPEECH: "openai", OPENAI_SPEECH_BASE_URL: "http://localhost:8880/v1", OPENAI_SPEECH_MODEL: "kokoro", OPENAI_SPEECH_VOICE: "af_heart" });
    expect(new Set(Object.values(one.ai.openai.speech?.voices ?? {}))).toEqual(new Set(["af_heart"]));
    const pairs = read({ AI_SPEECH: "openai", OPENAI_API_KEY: "k", OPENAI_SPEECH_VOICE: "warm=shimmer, gentle = ballad", OPENAI_SPEECH_FORMAT: "pcm", OPENAI_SPEECH_PCM_RATE: "22050" });
    expect(pairs.ai.openai.speech).toMatchObject({ voices: { default: "alloy", warm: "shimmer", energetic: "nova", authoritative: "onyx", gentle: "ballad" }, format: "pcm", pcmSampleRate: 22050 });
  });

  it("instructions: auto sends them to gpt-4o*-tts only; on and off override", () => {
    const speech = (extra: Partial<Env>) => read({ AI_SPEECH: "openai", OPENAI_API_KEY: "k", ...extra }).ai.openai.speech?.instructions;
    expect(speech({})).toBe(true); // gpt-4o-mini-tts, OpenAI's default
    expect(speech({ OPENAI_SPEECH_MODEL: "tts-1" })).toBe(false);
    expect(speech({ OPENAI_SPEECH_MODEL: "kokoro", OPENAI_SPEECH_INSTRUCTIONS: "on" })).toBe(true);
    expect(speech({ OPENAI_SPEECH_INSTRUCTIONS: "off" })).toBe(false);
  });

  const bad: Array<[string, Partial<Env>, string, RegExp, Env?]> = [
    ["an unknown provider", { AI_PROVIDER: "ollama" }, "AI_PROVIDER", /must be one of auto, workers-ai, openai, offline\. /],
    ["an unknown stage engine", { AI_STT: "whisper" }, "AI_STT", /must be one of workers-ai, openai, offline/],
    ["a stage the engine can't run", { AI_EMOTIONS: "openai" }, "AI_EMOTIONS", /names an engine with no emotion scores; choose one of workers-ai, offline/],
    ["Workers AI without the binding", { AI_REPLY: "workers-ai" }, "AI_REPLY", /no \[ai\] binding/],
    ["local speech in a build without it", { AI_PROVIDER: "local" }, "AI_PROVIDER", /asks for local speech but this build has none .*ECHO_LOCAL_SPEECH=1/],
    ["a stage on local speech in a build without it", { AI_STT: "local" }, "AI_STT", /asks for local speech but this build has none/],
    ["api.openai.com without a key", { AI_REPLY: "openai" }, "OPENAI_REPLY_API_KEY", /is missing \(or OPENAI_API_KEY\): replies on api\.openai\.com needs an API key/],
    ["a self-hosted server without a model", { AI_STT: "openai", OPENAI_STT_BASE_URL: "http://localhost:8000/v1" }, "OPENAI_STT_MODEL", /name the speech-to-text model its server serves/],
    ["a base URL that isn't http(s)", { AI_REPLY: "openai", OPENAI_REPLY_BASE_URL: "ftp://x/v1", OPENAI_REPLY_MODEL: "m" }, "OPENAI_REPLY_BASE_URL", /must be an http\(s\) URL/],
    ["a shared base URL with a query", { AI_PROVIDER: "openai", OPENAI_BASE_URL: "http://h/v1?x=1", OPENAI_STT_MODEL: "m" }, "OPENAI_BASE_URL", /must be an http\(s\) URL/],
    ["MP3 speech", { AI_SPEECH: "openai", OPENAI_API_KEY: "k", OPENAI_SPEECH_FORMAT: "mp3" }, "OPENAI_SPEECH_FORMAT", /wav or pcm/],
    ["instructions neither auto, on nor off", { AI_SPEECH: "openai", OPENAI_API_KEY: "k", OPENAI_SPEECH_INSTRUCTIONS: "yes" }, "OPENAI_SPEECH_INSTRUCTIONS", /auto, on or off/],
    ["a PCM rate out of range", { AI_SPEECH: "openai", OPENAI_API_KEY: "k", OPENAI_SPEECH_PCM_RATE: "fast" }, "OPENAI_SPEECH_PCM_RATE", /between 8000 and 48000/],
    ["a voice for an unknown style", { AI_SPEECH: "openai", OPENAI_API_KEY: "k", OPENAI_SPEECH_VOICE: "cheerful=nova" }, "OPENAI_SPEECH_VOICE", /styles: default, warm, energetic, authoritative, gentle/],
  ];
  for (const [what, settings, setting, message, env] of bad) {
    it(`names the setting for ${what}`, () => {
      const err = configError(settings, env);
      expect(err.setting).toBe(setting);
      expect(err.message).toMatch(new RegExp(`^Configuration error: ${setting} `));
      expect(err.message).toMatch(message);
      // Never the value: the message is shown to anyone who opens the site, and logged.
      for (const value of Object.values(settings)) if (typeof value === "string") expect(err.message).not.toContain(`"${value}"`);
      for (const value of Object.values(settings)) if (typeof value === "string" && value.includes("://")) expect(err.message).not.toContain(value);
    });
  }

  it("ignores OpenAI settings of stages that don't use it", () => {
    expect(read({ OPENAI_REPLY_BASE_URL: "not a url", OPENAI_SPEECH_FORMAT: "mp3" }).ai.openai).toEqual({ stt: null, reply: null, speech: null });
  });
});

describe("PUBLIC_HOST", () => {
  it("accepts https hosts and plain-http loopback origins", () => {
    expect(read({ PUBLIC_HOST: "echo.example.com" }).publicHost).toBe("https://echo.example.com");
    expect(read({ PUBLIC_HOST: "https://echo.example.com/" }).publicHost).toBe("https://echo.example.com");
    expect(read({ PUBLIC_HOST: "http://localhost:8787" }).publicHost).toBe("http://localhost:8787");
    expect(read({ PUBLIC_HOST: "http://127.0.0.1:5173" }).publicHost).toBe("http://127.0.0.1:5173");
  });

  it("refuses plain http for any other host, saying why", () => {
    const err = configError({ PUBLIC_HOST: "http://abc.ngrok.app" });
    expect(err.setting).toBe("PUBLIC_HOST");
    expect(err.message).toMatch(/must be an https URL: Twilio signs the https URL/);
    expect(err.message).not.toContain("abc.ngrok.app");
  });
});

describe("composed provider", () => {
  it("takes each stage from its engine and says so", async () => {
    const cfg = read({ AI_REPLY: "openai", OPENAI_REPLY_BASE_URL: "http://localhost:11434/v1", OPENAI_REPLY_MODEL: "llama3.2" });
    const provider = composeProvider(cfg.ai, { ...base });
    expect(provider.name).toBe("mixed");
    expect(provider.engines?.summary).toBe("no speech recognition · Ollama llama3.2 · formant voice");
    expect(provider.detectTurnEnd).toBeUndefined(); // the offline engine leaves the end of turn to the VAD
    // Offline stages answer without any network.
    expect(await provider.transcribe({ samples: new Int16Array(16000), sampleRate: 16000 })).toMatchObject({ recognized: false });
    expect((await provider.synthesize("Hello there.", "warm")).sampleRate).toBe(16000);
  });
});
