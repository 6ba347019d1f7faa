// The team-written corpus (test/fixtures/dialogue) through the dialogue manager with each tagger, typed
// and as speech-to-text writes it: what the caller is doing, the caller's phrase reflected, the threads'
// expectations (name kept, follow-ups about the thread's topic, goodbye closes the call), no sentence
// said twice in a call, short spoken replies with at most one question.
import { describe, expect, it } from "vitest";
import { corpusLines, requestFor, runCorpus, topicAccuracy, type LineForm } from "../../../../../bench/support/dialogue-corpus";
import { winkLanguage } from "../../../../../worker/ai/local/wink-language";
import { lightLanguage } from "../../../../../worker/ai/offline/dialogue/light-tagger";
import { respond } from "../../../../../worker/ai/offline/dialogue/manager";
import { INTENTS } from "../../../../../worker/ai/offline/dialogue/intents";

const NOW = new Date("2026-12-01T15:05:00Z");

describe.each([
  { language: winkLanguage, topics: 0.9 },
  { language: lightLanguage, topics: 0.75 },
])("the dialogue corpus with the $language.name tagger", ({ language, topics }) => {
  const answer = (form: LineForm) => runCorpus((request) => respond(request, { language, engine: "local", now: () => NOW, serverTimeZone: "UTC" }), form);

  it("covers every intent with at least 60 lines", () => {
    const lines = corpusLines();
    expect(lines.length).toBeGreaterThanOrEqual(60);
    for (const intent of INTENTS) expect(lines.some((l) => l.intent === intent)).toBe(true);
  });

  it.each(["typed", "spoken"] as const)("reads the intent and reflects the caller's phrase (%s)", (form) => {
    const figures = answer(form);
    expect(figures.misread).toEqual([]);
    expect(figures.missed).toEqual([]);
    expect(figures.intentAccuracy).toBeGreaterThanOrEqual(0.95);
    expect(figures.reflectionShare).toBeGreaterThanOrEqual(0.95);
  });

  it.each(["typed", "spoken"] as const)("keeps every thread's expectations, repeating no sentence (%s)", (form) => {
    const figures = answer(form);
    expect(figures.threadFailures).toEqual([]);
    expect(figures.repeatsPerCall).toBe(0);
    expect(figures.repeatedQuestionsPerCall).toBe(0);
    expect(figures.maxWords).toBeLessThanOrEqual(28);
  });

  it("answers each line with at most one question, never as unheard speech", () => {
    for (const { line } of corpusLines()) {
      const { text } = respond(requestFor(line, [], 1), { language, engine: "local", now: () => NOW });
      expect(text.split("?").length - 1, `${line} → ${text}`).toBeLessThanOrEqual(1);
      expect(text, line).not.toMatch(/couldn't make out|say that again/);
      expect(text.trim().length, line).toBeGreaterThan(0);
    }
  });

  it("takes up the right topic for follow-up questions", () => {
    expect(topicAccuracy(language).share).toBeGreaterThanOrEqual(topics);
  });
});
