import { describe, expect, it } from "vitest";
import { SentenceChunker, splitSentences } from "../../../../worker/pipeline/reply/sentences";
import { runStage } from "../../support/stage-harness";

/** Streams `text` in fragments of `size` characters and returns the sentences in order. */
function streamed(text: string, size: number): string[] {
  const chunker = new SentenceChunker();
  const fragments: string[] = [];
  for (let i = 0; i < text.length; i += size) fragments.push(text.slice(i, i + size));
  return [...runStage(chunker, fragments).map((o) => o.output), ...chunker.flush()];
}

describe("sentence chunking", () => {
  it("splits at . ! ? and keeps the punctuation", () => {
    expect(splitSentences("Hello there! How are you? I'm fine. Thanks")).toEqual(["Hello there!", "How are you?", "I'm fine.", "Thanks"]);
  });

  it("does not split numbers, abbreviations, titles or initials", () => {
    expect(splitSentences("It costs 3.50 dollars, about 1,000.5 cents. Dr. Smith agrees.")).toEqual(["It costs 3.50 dollars, about 1,000.5 cents.", "Dr. Smith agrees."]);
    expect(splitSentences("Bring fruit, e.g. apples. J. R. R. Tolkien wrote it. See you at 5 p.m. today.")).toEqual([
      "Bring fruit, e.g. apples.",
      "J. R. R. Tolkien wrote it.",
      "See you at 5 p.m. today.",
    ]);
    expect(splitSentences("Room No. 5 is free. I said no. Okay.")).toEqual(["Room No. 5 is free.", "I said no.", "Okay."]);
    expect(splitSentences("We met at 9 a.m. Then we left.")).toEqual(["We met at 9 a.m.", "Then we left."]);
  });

  it("keeps closing quotes and brackets, ellipses and line breaks", () => {
    expect(splitSentences('She said "hi." Then left (fast!) Bye')).toEqual(['She said "hi."', "Then left (fast!)", "Bye"]);
    expect(splitSentences("It was fine and... well. Bye… Later")).toEqual(["It was fine and... well.", "Bye…", "Later"]);
    expect(splitSentences("First line\nSecond line")).toEqual(["First line", "Second line"]);
    expect(splitSentences("Wait… what?")).toEqual(["Wait… what?"]);
  });

  it("gives the same sentences however the stream is fragmented", () => {
    const text = "Hi! I'm Nova. It's 3.5 km to Dr. Lee's office, e.g. ten minutes. Shall we go? Yes.";
    const whole = splitSentences(text);
    expect(whole).toEqual(["Hi!", "I'm Nova.", "It's 3.5 km to Dr. Lee's office, e.g. ten minutes.", "Shall we go?", "Yes."]);
    for (const size of [1, 2, 3, 5, 7, 13]) expect(streamed(text, size)).toEqual(whole);
  });

  it("emits a sentence as soon as the next fragment shows it ended", () => {
    const chunker = new SentenceChunker();
    expect(chunker.push("Hello.")).toEqual([]); // could be "Hello.5"…
    expect(chunker.push(" How")).toEqual(["Hello."]);
    expect(chunker.push(" are you?")).toEqual([]);
    expect(chunker.flush()).toEqual(["How are you?"]);
    expect(chunker.flush()).toEqual([]);
  });

  it("cuts a very long sentence at a comma so speech can start", () => {
    const long = `${"word ".repeat(30)}, ${"more ".repeat(30)}end.`;
    const parts = splitSentences(long, { maxChars: 200 });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 200)).toBe(true);
    expect(parts.join(" ").replace(/\s+/g, " ")).toBe(long.replace(/\s+/g, " ").trim());
  });
});
