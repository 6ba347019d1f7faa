// The dialogue manager's promises beyond the corpus: the time and date by an injected clock, in the
// owner's time zone or the server's (said which); the lines answered properly; typed text never
// treated as unheard; openings that follow the caller's emotions; a goodbye that closes the call; and
// over a long call no question asked twice, no sentence said twice.
import { describe, expect, it } from "vitest";
import type { EmotionScores } from "../../../../../protocol/call-messages";
import { winkLanguage } from "../../../../../worker/ai/local/wink-language";
import { lightLanguage } from "../../../../../worker/ai/offline/dialogue/light-tagger";
import { respond, type DialogueOptions } from "../../../../../worker/ai/offline/dialogue/manager";
import { sentenceKey, sentencesOf } from "../../../../../worker/ai/offline/dialogue/thread";
import { GREETING_MAX_WORDS } from "../../../../../worker/ai/offline/dialogue/answers";
import { EXPERTISE_QUESTIONS } from "../../../../../worker/ai/offline/dialogue/lines";
import type { CallerTurnInfo, ChatMessage, Persona, ReplyRequest } from "../../../../../worker/ai/provider";

const persona: Persona = { name: "Echo", description: "A patient listener.", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "default" };
const NOW = new Date("2026-12-01T15:05:00Z");
const local: DialogueOptions = { language: winkLanguage, engine: "local", now: () => NOW, serverTimeZone: "UTC" };
const typed = (text: string, index = 1): CallerTurnInfo => ({ text, recognized: true, typed: true, speechMs: 0, index });
const request = (turn: CallerTurnInfo | null, over: Partial<ReplyRequest> = {}): ReplyRequest => ({
  persona,
  messages: [{ role: "system", content: "(prompt)" }, ...(turn ? [{ role: "user" as const, content: turn.text }] : [])],
  callerEmotions: {},
  turn,
  ...over,
});
const say = (text: string, over: Partial<ReplyRequest> = {}, options = local) => respond(request(typed(text), over), options);

describe("dialogue manager: what it answers itself", () => {
  it("tells the time and date by the server's clock, and says so", () => {
    expect(say("What time is it right now?").text).toMatch(/^(It's|Right now it's) 3:05 pm,? on the server's clock, UTC\./);
    expect(say("What's the date today?").text).toContain("Tuesday, December 1, 2026");
  });

  it("uses the owner's time zone when the request has one", () => {
    const text = say("what time is it", { timeZone: "Asia/Tokyo" }).text;
    expect(text).toContain("12:05 am");
    expect(text).toContain("in Asia/Tokyo");
    expect(text).not.toContain("server");
  });

  it("says who it is and what it can do, in its own name and expertise", () => {
    expect(say("Who are you?").text).toMatch(/I'm Echo, an AI/);
    expect(say("What can you do?", { persona: { ...persona, expertise: "fitness" } }).text).toMatch(/exercise|time and date|listen/);
  });

  it("says plainly that it can't look things up, naming what was asked", () => {
    const { text, intent } = say("What's the capital of Australia?");
    expect(intent).toBe("question");
    expect(text).toMatch(/can't look/);
    expect(text).toContain("the capital of Australia");
    expect(text).not.toMatch(/good question about/);
  });

  it("names its situation by engine: locally with local speech, offline for the offline engine (also production's fallback)", () => {
    expect(say("What's the capital of Australia?").text).toMatch(/locally/);
    const offline = say("What's the capital of Australia?", {}, { ...local, engine: "offline", language: lightLanguage }).text;
    expect(offline).toMatch(/offline/);
    expect(offline).not.toMatch(/locally/);
  });

  it("says honestly it can't set reminders or call back yet", () => {
    expect(say("Can you remind me to call my mother tomorrow?").text).toMatch(/can't (set|do) reminders/);
    expect(say("Please call me back tonight.").text).toMatch(/can't (call you back|do callbacks)/);
  });
});

describe("dialogue manager: listening", () => {
  it("reflects grief with the caller's own phrase, gently", () => {
    const { text, reflection } = say("I miss my dad so much since he passed.", { callerEmotions: { sadness: 0.7, calm: 0.3 } });
    expect(reflection).toBe("you miss your dad so much");
    expect(text).toMatch(/^(I'm so sorry|Oh, that's hard|I'm really sorry|That sounds so painful|I'm here with you)/);
    expect(text).not.toMatch(/passed and since|Okay!/);
  });

  it("opens warmly for joy and steadily for anger", () => {
    expect(say("I got the job at the bakery!", { callerEmotions: { joy: 0.8 } }).text).toMatch(/^(Oh, that's wonderful|That's great news|I love hearing that|How lovely)/);
    expect(say("My boss yelled at me and I'm furious.", { callerEmotions: { anger: 0.8 } }).text).toMatch(/^(I hear you|That sounds really frustrating|That would upset anyone|Okay, let's look at it calmly)/);
  });

  it("owns a complaint about itself instead of bouncing it back", () => {
    const { text, reflection } = say("You never listen to me.", { callerEmotions: { anger: 0.5 } });
    expect(reflection).toBe("I never listen to you");
    expect(text).toMatch(/sorry/);
  });

  it("treats typed text as heard, however short; only unrecognised speech gets the please-repeat line", () => {
    expect(say("Hi again, it's me.").text).not.toMatch(/make out|repeat/);
    const unheard: CallerTurnInfo = { text: "[speech, 1.2 s]", recognized: false, typed: false, speechMs: 1200, index: 1 };
    expect(respond(request(unheard), local).text).toMatch(/couldn't make out|repeat/);
    expect(respond(request(unheard, { callType: "phone" }), { ...local, engine: "offline", language: lightLanguage }).text).not.toMatch(/typ/i);
  });

  it("closes the call on goodbye, in character, with the caller's name", () => {
    const history: ChatMessage[] = [{ role: "user", content: "Hi, I'm Sam." }, { role: "assistant", content: "Nice to meet you, Sam!" }];
    const reply = respond(request(typed("Okay, I have to go now. Goodbye!", 1), { messages: [...history, { role: "user", content: "Okay, I have to go now. Goodbye!" }] }), local);
    expect(reply.closesCall).toBe(true);
    expect(reply.text).toMatch(/Sam/);
    expect(reply.text).toMatch(/bye/i);
    expect(reply.text).not.toMatch(/\?/);
    expect(say("I have to go to the dentist tomorrow.").closesCall).toBe(false);
  });
});

describe("dialogue manager: over a call", () => {
  it("never asks the same question twice nor says a sentence twice, even when the caller repeats themselves", () => {
    const lines = ["How are you?", "Okay.", "I'm fine.", "Okay.", "hmm", "Yeah.", "I'm so tired.", "I'm so tired.", "Thanks.", "Okay.", "How are you?", "What's on your mind?"];
    const messages: ChatMessage[] = [{ role: "system", content: "(prompt)" }];
    const said = new Set<string>();
    lines.forEach((line, index) => {
      messages.push({ role: "user", content: line });
      const emotions: EmotionScores = line.includes("tired") ? { sadness: 0.6 } : {};
      const { text } = respond({ persona, messages, callerEmotions: emotions, turn: typed(line, index) }, local);
      for (const sentence of sentencesOf(text)) {
        expect(said.has(sentenceKey(sentence)), `"${sentence}" again (turn ${index + 1}: ${line})`).toBe(false);
        said.add(sentenceKey(sentence));
      }
      messages.push({ role: "assistant", content: text });
    });
  });

  it("greets first when the call connects in one short sentence, in character, honest offline", () => {
    const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
    const local1 = respond(request(null), local).text;
    expect(local1).toMatch(/^Hi, I'm Echo: [a-z][^.!?]*\?$/);
    expect(words(local1)).toBeLessThanOrEqual(GREETING_MAX_WORDS);
    const health = respond(request(null, { persona: { ...persona, expertise: "health" } }), local).text;
    expect(EXPERTISE_QUESTIONS.health.some((q) => health.endsWith(q.charAt(0).toLowerCase() + q.slice(1)))).toBe(true);
    for (const callType of ["phone", "browser_test"] as const) {
      const offline = respond(request(null, { callType }), { ...local, engine: "offline", language: lightLanguage }).text;
      expect(offline).toMatch(/^Hi, I'm Echo; I'm offline, .*\.$/);
      expect(words(offline)).toBeLessThanOrEqual(GREETING_MAX_WORDS);
    }
  });
});
