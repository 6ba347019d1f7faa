// Which provider answers when no AI account is configured: local speech in a build that carries it
// (this one: tests run the development build), chosen with AI_PROVIDER auto or local.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../worker/config";
import { selectProvider } from "../../worker/ai/select";

describe("local speech configuration", () => {
  it("is the default without an AI binding, and can be asked for by name", () => {
    expect(readConfig({ ...env, AI_PROVIDER: "auto" }).aiProvider).toBe("local");
    expect(readConfig({ ...env, AI_PROVIDER: "local" }).aiProvider).toBe("local");
    expect(selectProvider({ ...env, AI_PROVIDER: "auto" }).name).toBe("local");
    expect(selectProvider({ ...env, AI_PROVIDER: "offline" }).name).toBe("offline");
  });

  it("names the setting and the choices when it is wrong", () => {
    expect(() => readConfig({ ...env, AI_PROVIDER: "whisper" })).toThrow(/AI_PROVIDER must be auto, local, offline or workers-ai \(got "whisper"\)/);
  });
});
