import { describe, expect, it } from "vitest";
import type { Persona } from "../../../../worker/ai/provider";
import { buildMessages, buildSystemPrompt, describeEmotions } from "../../../../worker/pipeline/reply/persona";

const persona: Persona = {
  name: "Sage",
  description: "Helps busy parents plan meals",
  personality: "calm",
  expertise: "health",
  instructions: "Always suggest drinking water.",
  voiceStyle: "gentle",
};

describe("persona prompt", () => {
  it("includes the Echo's name, description, personality, expertise, instructions and voice", () => {
    const prompt = buildSystemPrompt(persona, {});
    expect(prompt).toContain("You are Sage");
    expect(prompt).toContain("Helps busy parents plan meals");
    expect(prompt).toMatch(/Personality: calm\. Be steady/);
    expect(prompt).toMatch(/Expertise: health\..*not diagnoses/);
    expect(prompt).toContain("Always suggest drinking water.");
    expect(prompt).toContain("soft and gentle");
    expect(prompt).toMatch(/one to three short sentences/);
  });

  it("describes how the caller sounds from the emotion scores", () => {
    expect(describeEmotions({ joy: 0.05, sadness: 0.62, calm: 0.21, fear: 0.12 })).toBe("mostly sadness (62%), some calm (21%)");
    expect(describeEmotions({ calm: 0.1, joy: 0.1 })).toBe("");
    expect(buildSystemPrompt(persona, { anger: 0.7, calm: 0.3 })).toContain("The caller currently sounds mostly anger (70%), some calm (30%)");
    expect(buildSystemPrompt(persona, {})).not.toContain("currently sounds");
  });

  it("leaves out empty optional fields", () => {
    const prompt = buildSystemPrompt({ ...persona, description: "", instructions: "" }, {});
    expect(prompt).not.toContain("About you");
    expect(prompt).not.toContain("Instructions from your owner");
  });

  it("puts the system prompt first, then the most recent history", () => {
    const history = Array.from({ length: 30 }, (_, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content: `m${i}` }));
    const messages = buildMessages(persona, {}, history, 10);
    expect(messages).toHaveLength(11);
    expect(messages[0]!.role).toBe("system");
    expect(messages[1]!.content).toBe("m20");
    expect(messages.at(-1)!.content).toBe("m29");
  });
});
