// Spoken replies are capped at what a person says in a breath or two: the cap itself, and a model's
// long reply through the conversation (said and stored only as far as the cap; a short one untouched).
import { describe, expect, it } from "vitest";
import { MAX_SPOKEN_SENTENCES, MAX_SPOKEN_WORDS, SpokenCap } from "../../../../worker/pipeline/reply/spoken-cap";
import { setup } from "../conversation-harness";

describe("SpokenCap", () => {
  it(`keeps at most ${MAX_SPOKEN_SENTENCES} sentences, then drops every later one`, () => {
    const cap = new SpokenCap();
    const taken = ["One.", "Two.", "Three.", "Four.", "Five."].map((s) => cap.take(s));
    expect(taken).toEqual([true, true, true, false, false]);
    expect(cap.capped).toBe(true);
    expect(cap.text).toBe("One. Two. Three.");
  });

  it(`stops before a sentence that would pass ${MAX_SPOKEN_WORDS} words, but always keeps the first`, () => {
    const long = `${Array.from({ length: 40 }, () => "word").join(" ")}.`;
    const cap = new SpokenCap();
    expect(cap.take(`${long} ${long}`)).toBe(true); // 80 words: the first sentence is said whatever its length
    expect(cap.take("Short one.")).toBe(false);
    const other = new SpokenCap();
    expect(other.take(long)).toBe(true);
    expect(other.take("This one has five words.")).toBe(true); // 45
    expect(other.take("And this one has six words.")).toBe(false); // 51
  });

  it("leaves a short reply alone", () => {
    const cap = new SpokenCap();
    expect(cap.take("I'm sorry to hear that.")).toBe(true);
    expect(cap.take("What happened?")).toBe(true);
    expect(cap.capped).toBe(false);
  });
});

describe("a long model reply in a call", () => {
  it("is said and stored only up to the cap; what the model wrote past it is neither synthesized nor kept", async () => {
    const rambling = ["That sounds hard. ", "I hear you. ", "Work can be a lot. ", "Let me tell you a long story. ", "It goes on and on."];
    const t = setup({ replies: [rambling] });
    t.conversation.pushText("work was awful today");
    await t.clock.advance(20_000);
    await t.conversation.idle();
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["That sounds hard.", "I hear you.", "Work can be a lot."]);
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ text: "That sounds hard. I hear you. Work can be a lot.", interrupted: false });
  });

  it("a short reply is said whole", async () => {
    const t = setup({ replies: [["Oh no. ", "What happened?"]] });
    t.conversation.pushText("work was awful today");
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ text: "Oh no. What happened?" });
  });
});
