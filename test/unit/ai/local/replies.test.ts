// Rule-based replies to recognised words (local speech): what was said is acknowledged, the follow-up
// question is about it and shaped by the caller's mood; no words → a request to repeat.
import { describe, expect, it } from "vitest";
import { composeReply } from "../../../../worker/ai/offline/replies";
import type { CallerTurnInfo, Persona } from "../../../../worker/ai/provider";

const persona: Persona = { name: "Ada", description: "", personality: "empathetic", expertise: "general", instructions: "", voiceStyle: "default" };
const turn = (text: string, index = 1): CallerTurnInfo => ({ text, recognized: true, typed: false, speechMs: 2500, index });

describe("local speech replies", () => {
  it("acknowledge the caller's words and ask about them, in a sad mood when the caller sounds sad", () => {
    const reply = composeReply(persona, turn("i lost my job today and i feel really sad"), { sadness: 0.7, calm: 0.3 }, "browser_test", "local");
    expect(reply).toMatch(/lost|job/);
    expect(reply).toMatch(/(hard|heavy|tough|sorry)/i);
    expect(reply).toMatch(/(What feels hardest about|How long has) [a-z ]*(lost|job)/);
    expect(reply).not.toMatch(/offline|type/i);
  });

  it("ask a different follow-up for a happy caller, and say nothing about running offline", () => {
    const reply = composeReply(persona, turn("my sister had a baby"), { joy: 0.8, calm: 0.2 }, "phone", "local");
    expect(reply).toMatch(/(What made|How did) [a-z ]*(sister|baby)/);
    expect(reply).not.toMatch(/offline/i);
  });

  it("ask the caller to repeat when no words were recognised", () => {
    const reply = composeReply(persona, { ...turn(""), recognized: false }, {}, "browser_test", "local");
    expect(reply).toMatch(/again|repeat/i);
  });

  it("greet honestly about approximate recognition", () => {
    expect(composeReply(persona, null, {}, "phone", "local")).toMatch(/Hi, I'm Ada\. .*speech recognition.*speak clearly/);
  });

  it("leave the offline provider's replies as they were", () => {
    expect(composeReply(persona, null, {}, "browser_test")).toMatch(/can't make out spoken words, but you can type/);
  });
});
