// The pure parts of caller memory: the extractive pass over varied caller lines, the model answer's
// parser, the ranking, the system prompt section's token bound and the local engine's welcome back.
import { describe, expect, it } from "vitest";
import type { MemoryNote } from "../../../protocol/memory";
import { lightLanguage } from "../../../worker/ai/offline/dialogue/light-tagger";
import { welcomeBack } from "../../../worker/ai/offline/dialogue/welcome-back";
import { extractFacts } from "../../../worker/memory/extractive";
import { parseMemoryAnswer } from "../../../worker/memory/model-prompt";
import { rankNotes } from "../../../worker/memory/rank";
import { normaliseSubject } from "../../../worker/memory/subject";
import { estimateTokens, MEMORY_SECTION_TOKENS, memorySection } from "../../../worker/pipeline/reply/memory-section";

const MONDAY = Date.UTC(2026, 10, 30, 10);
const DAY = 86_400_000;
const facts = (...texts: string[]) => extractFacts(texts.map((text) => ({ text, at: MONDAY }))).map((f) => [f.kind, f.subject, f.text]);

describe("extractive pass", () => {
  it("keeps names, people, dated events, likes, worries and follow-ups in the caller's words", () => {
    expect(facts("Hi, my name is Sam.", "My sister Maria is getting married on Saturday and I dread the speech.", "I love strong coffee in the morning, but not tea.", "Please ask me about the speech at Maria's wedding next time.")).toEqual([
      ["person", "name", "My name is Sam."],
      ["person", "maria", "Maria is my sister."],
      ["concern", "speech", "I dread the speech."],
      ["event", "maria", "My sister Maria is getting married on Saturday and I dread the speech."],
      ["preference", "strong coffee morning", "I love strong coffee in the morning."],
      ["follow_up", "speech maria wedding", "Ask me about the speech at Maria's wedding next time."],
    ]);
  });

  it("dates an event to the end of its day (chrono-node), from when it was said", () => {
    const [event] = extractFacts([{ text: "My interview is next Friday.", at: MONDAY }]).filter((f) => f.kind === "event");
    expect(new Date(event!.expiresAt!).toISOString()).toBe("2026-12-11T23:59:59.999Z");
  });

  it("lower-case speech-to-text too; no name from a feeling; brackets (unrecognised speech) skipped", () => {
    expect(facts("my brother tom lives in leeds", "remind me to print my resume tonight", "I'm nervous.", "[speech, 1.8 s]")).toEqual([
      ["person", "tom", "Tom is my brother."],
      ["follow_up", "print resume tonight", "Remind me to print my resume tonight."],
      ["concern", "nervous", "I'm nervous."],
    ]);
    expect(facts("I'm so tired today.")).toEqual([]);
    expect(facts("It's Friday.")).toEqual([]);
    expect(facts("Hi, it's Sam here.")).toEqual([["person", "name", "My name is Sam."]]);
  });

  it("the later of two facts on one subject wins", () => {
    expect(facts("I love coffee.", "Actually I hate coffee.")).toEqual([["preference", "coffee", "I hate coffee."]]);
  });
});

describe("model answer", () => {
  it("parses the JSON (even fenced), dates follow-ups a week past their day, and rejects anything else", () => {
    const answer = '```json\n{"facts":[{"kind":"event","subject":"wedding","text":"My sister is getting married.","date":"2026-12-05"},{"kind":"follow_up","subject":"speech","text":"Ask me how the speech went.","date":"2026-12-05"},{"kind":"person","subject":"name","text":"My name is Sam.","date":null}]}\n```';
    const parsed = parseMemoryAnswer(answer, MONDAY)!;
    expect(parsed.map((f) => [f.kind, f.expiresAt])).toEqual([
      ["event", Date.UTC(2026, 11, 6) - 1],
      ["follow_up", Date.UTC(2026, 11, 6) - 1 + 7 * DAY],
      ["person", null],
    ]);
    expect(parseMemoryAnswer('{"facts": [{"kind": "person", "text": ', MONDAY)).toBeNull();
    expect(parseMemoryAnswer('{"facts": [{"kind": "friend", "subject": "x", "text": "y"}]}', MONDAY)).toBeNull();
    expect(parseMemoryAnswer("Sure! Here is what I remember.", MONDAY)).toBeNull();
  });
});

const note = (kind: MemoryNote["kind"], text: string, saidAt: number, extra: Partial<MemoryNote> = {}): MemoryNote => ({ kind, subject: normaliseSubject(text), text, saidAt, expiresAt: null, ...extra });

describe("ranking and the prompt section", () => {
  it("follow-ups, then events near today, then the name and worries; newest first within a rank", () => {
    const now = MONDAY;
    const ranked = rankNotes(
      [
        note("preference", "I love tea.", now - 1000),
        note("event", "Trip to Japan next year.", now - 5000, { expiresAt: now + 200 * DAY }),
        note("follow_up", "Ask me about the exam.", now - 9000),
        note("event", "Wedding on Saturday.", now - 9000, { expiresAt: now + 5 * DAY }),
        note("person", "My name is Sam.", now - 9000, { subject: "name" }),
        note("concern", "I dread the speech.", now - 8000),
        note("follow_up", "Ask me about the speech.", now - 100),
      ],
      now,
    );
    expect(ranked.map((n) => n.text)).toEqual(["Ask me about the speech.", "Ask me about the exam.", "Wedding on Saturday.", "I dread the speech.", "My name is Sam.", "I love tea.", "Trip to Japan next year."]);
  });

  it("stays within its token bound however much is remembered, and is empty without notes", () => {
    const many = Array.from({ length: 80 }, (_, i) => note("preference", `I like thing number ${i} quite a lot, especially on sunny afternoons.`, MONDAY - i));
    const section = memorySection(many, MONDAY);
    expect(estimateTokens(section)).toBeLessThanOrEqual(MEMORY_SECTION_TOKENS);
    expect(section).toContain("- [preference, said 2026-11-30] I like thing number 0 quite");
    expect(section).not.toContain("number 79");
    expect(memorySection([], MONDAY)).toBe("");
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
  });
});

describe("the local engine's welcome back", () => {
  it("by name, asking about the open follow-up in the caller's words turned round", () => {
    const notes = [note("follow_up", "Ask me about the speech at Maria's wedding next time.", MONDAY), note("person", "My name is Sam.", MONDAY, { subject: "name" })];
    expect(welcomeBack(notes, lightLanguage, MONDAY + DAY)).toBe("Welcome back, Sam! How did the speech at Maria's wedding go?");
  });

  it("an event past or to come, a worry, or just the name; nothing usable: null", () => {
    const wedding = note("event", "My sister Maria is getting married on Saturday.", MONDAY, { expiresAt: MONDAY + 5 * DAY });
    expect(welcomeBack([wedding], lightLanguage, MONDAY + DAY)).toBe("Welcome back! Last time you told me your sister Maria is getting married on Saturday. How are you feeling about it?");
    expect(welcomeBack([wedding], lightLanguage, MONDAY + 7 * DAY)).toBe("Welcome back! Last time you told me your sister Maria is getting married on Saturday. How did it go?");
    expect(welcomeBack([note("concern", "I'm worried about my job interview.", MONDAY)], lightLanguage, MONDAY)).toBe("Welcome back! Last time you said you're worried about your job interview. How are things now?");
    expect(welcomeBack([note("person", "My name is Ana.", MONDAY, { subject: "name" })], lightLanguage, MONDAY)).toBe("Welcome back, Ana! It's good to hear from you again.");
    expect(welcomeBack([note("preference", "I love tea.", MONDAY)], lightLanguage, MONDAY)).toBeNull();
  });
});
