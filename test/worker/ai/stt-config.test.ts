// AI_STT_MODEL picks the Workers AI speech-to-text: Flux streaming by default (the provider then has
// openTranscriber, with Whisper as its fallback), whisper or nova-3 per VAD turn; anything else is a
// configuration error naming the setting.
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../../worker/config/config";
import type { Env } from "../../../worker/config/env";
import { selectProvider } from "../../../worker/ai/select";
import { MODELS } from "../../../worker/ai/workers-ai/provider";

const binding = { run: () => Promise.reject(new Error("not called")) } as unknown as Ai;
const env = (vars: Record<string, string>): Env => ({ PUBLIC_PHONE_NUMBER: "+1 555 010 0199", AI: binding, ...vars }) as unknown as Env;

describe("AI_STT_MODEL", () => {
  it("defaults to Flux streaming, with Whisper per VAD turn as the fallback", () => {
    expect(readConfig(env({})).ai.workersAiStt).toBe("flux");
    expect(readConfig(env({ AI_STT_MODEL: "" })).ai.workersAiStt).toBe("flux");
    const provider = selectProvider(env({}));
    expect(provider.openTranscriber).toBeTypeOf("function");
    expect(provider.models?.transcribe).toBe(MODELS.flux);
  });

  it("selects whisper or nova-3 (no stream)", () => {
    const whisper = selectProvider(env({ AI_STT_MODEL: "whisper" }));
    expect(whisper.openTranscriber).toBeUndefined();
    expect(whisper.models?.transcribe).toBe(MODELS.whisper);
    const nova = selectProvider(env({ AI_STT_MODEL: " nova-3 " }));
    expect(nova.openTranscriber).toBeUndefined();
    expect(nova.models?.transcribe).toBe(MODELS.nova);
  });

  it("rejects anything else, naming the setting", () => {
    expect(() => readConfig(env({ AI_STT_MODEL: "deepgram" }))).toThrow(ConfigError);
    expect(() => readConfig(env({ AI_STT_MODEL: "deepgram" }))).toThrow(/AI_STT_MODEL must be flux, whisper, nova-3\. /);
  });
});
