// Which provider answers when no AI account is configured: local speech in a build that carries it
// (this project, worker-local-speech, runs the development build), chosen with AI_PROVIDER auto or
// local. The same settings in a build without it (production): ai-settings.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCAL_SPEECH_AVAILABLE } from "../../worker/ai/local/available";
import { LocalSpeechProvider } from "../../worker/ai/local/provider";
import { pocketSphinx } from "../../worker/ai/local/stt/assets";
import { readConfig } from "../../worker/config";
import { selectProvider } from "../../worker/ai/select";

describe("local speech configuration", () => {
  it("is the default without an AI binding, and can be asked for by name", () => {
    expect(LOCAL_SPEECH_AVAILABLE).toBe(true);
    expect(readConfig({ ...env, AI_PROVIDER: "auto" }).ai.stages).toEqual({ stt: "local", reply: "local", speech: "local", emotions: "local", turn: "local" });
    expect(readConfig({ ...env, AI_PROVIDER: "auto", AI: {} as Ai }).aiProvider).toBe("workers-ai");
    expect(readConfig({ ...env, AI_PROVIDER: "auto" }).aiProvider).toBe("local");
    expect(readConfig({ ...env, AI_PROVIDER: "local" }).aiProvider).toBe("local");
    expect(selectProvider({ ...env, AI_PROVIDER: "auto" }).name).toBe("local");
    expect(selectProvider({ ...env, AI_PROVIDER: "offline" }).name).toBe("offline");
  });

  it("is one engine of the per-stage table: its labels, and a stage of it mixed with another engine", () => {
    const local = selectProvider({ ...env, AI_PROVIDER: "local" });
    expect(local.engines?.summary).toBe("Local speech · rule-based replies · flite voice");
    expect(local.engines?.recognizesSpeech).toBe(true);
    expect(typeof local.startTranscription).toBe("function");
    expect(typeof local.warmUp).toBe("function"); // the recogniser loads at call start
    const mixed = selectProvider({ ...env, AI_PROVIDER: "offline", AI_STT: "local" });
    expect(mixed.name).toBe("mixed");
    expect(mixed.engines?.stages.stt).toEqual({ engine: "local", label: "Local speech" });
    expect(mixed.engines?.stages.reply.engine).toBe("offline");
    expect(typeof mixed.startTranscription).toBe("function");
    expect(typeof mixed.warmUp).toBe("function");
    expect(selectProvider({ ...env, AI_PROVIDER: "local", AI_STT: "offline" }).startTranscription).toBeUndefined();
    // Local replies and voice with offline speech-to-text: the local engine is told it runs no
    // speech-to-text, so its warm-up loads no recogniser (test/unit/ai/warm-up.test.ts).
    expect(typeof selectProvider({ ...env, AI_PROVIDER: "local", AI_STT: "offline" }).warmUp).toBe("function");
    expect(selectProvider({ ...env, AI_PROVIDER: "offline" }).warmUp).toBeUndefined();
  });

  it("loads the recogniser at call start only when the call's speech-to-text is local", async () => {
    let loads = 0;
    const provider = new LocalSpeechProvider(() => {
      loads++;
      return pocketSphinx();
    });
    await provider.warmUp(new Set(["reply", "speech", "emotions", "turn"]));
    expect(loads).toBe(0);
    await provider.warmUp(new Set(["stt", "reply"]));
    expect(loads).toBe(1);
    await provider.warmUp(); // asked directly, with no stages: it loads
    expect(loads).toBe(2);
  });

  it("names the setting and the choices when it is wrong", () => {
    expect(() => readConfig({ ...env, AI_PROVIDER: "whisper" })).toThrow(/AI_PROVIDER must be one of auto, workers-ai, openai, local, offline \(got "whisper"\)/);
    expect(() => readConfig({ ...env, AI_EMOTIONS: "openai" })).toThrow(/AI_EMOTIONS is "openai", which has no emotion scores; choose one of workers-ai, local, offline/);
  });
});
