// Replies to recognised (approximate) words with local speech: the dialogue manager with wink-nlp's
// tagger reflects what was said and asks about it, shaped by the caller's mood; no words → a request
// to repeat.
import { describe, expect, it } from "vitest";
import type { CallType, EmotionScores } from "../../../../protocol/call-messages";
import { winkLanguage } from "../../../../worker/ai/local/wink-language";
import { respond } from "../../../../worker/ai/offline/dialogue/manager";
import type { CallerTurnInfo, Persona } from "../../../../worker/ai/provider";

const persona: Persona = { name: "Ada", description: "", personality: "empathetic", expertise: "general", instructions: "", voiceStyle: "default" };
const turn = (text: string, index = 1): CallerTurnInfo => ({ text, recognized: true, typed: false, speechMs: 2500, index });
const composeReply = (t: CallerTurnInfo | null, callerEmotions: EmotionScores, callType: CallType = "browser_test") =>
  respond({ persona, messages: [], callerEmotions, turn: t, callType }, { language: winkLanguage, engine: "local" }).text;

describe("local speech replies", () => {
  it("reflect the caller's words and ask about them, gently when the caller sounds sad", () => {
    const reply = composeReply(turn("i lost my job today and i feel really sad"), { sadness: 0.7, calm: 0.3 });
    expect(reply).toContain("you lost your job today");
    expect(reply).toMatch(/(sorry|hard|painful|here with you)/i);
    expect(reply).toMatch(/\?$/);
    expect(reply).not.toMatch(/offline|type/i);
  });

  it("answer a happy caller warmly, and say nothing about running offline", () => {
    const reply = composeReply(turn("my sister had a baby"), { joy: 0.8, calm: 0.2 }, "phone");
    expect(reply).toContain("your sister had a baby");
    expect(reply).toMatch(/wonderful|great news|love hearing|lovely/i);
    expect(reply).not.toMatch(/offline/i);
  });

  it("ask the caller to repeat when no words were recognised", () => {
    const reply = composeReply({ ...turn(""), recognized: false }, {});
    expect(reply).toMatch(/again|repeat/i);
  });

  it("greet in one short sentence, in character (recognition trouble is said when it happens: PLEASE_REPEAT)", () => {
    const greeting = composeReply(null, {}, "phone");
    expect(greeting).toMatch(/^Hi, I'm Ada: .+\?$/);
    expect(greeting.split(/\s+/).length).toBeLessThanOrEqual(12);
    expect(greeting).not.toMatch(/offline/i);
  });
});
