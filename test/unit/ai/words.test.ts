// The content words of a caller's text (worker/ai/words.ts: the summary's topics, the local-speech
// browser test): contractions are never content words, a possessive counts as its noun. (These cases
// were the keyword template's tests before the dialogue manager replaced it.)
import { describe, expect, it } from "vitest";
import { contentWords } from "../../../worker/ai/words";

describe("content words", () => {
  it("never picks a contraction; a possessive counts as its noun", () => {
    expect(contentWords("I was laughing and I can't stop", 3)).toEqual(["laughing", "stop"]);
    expect(contentWords("It's my sister's wedding", 3)).toEqual(["sister", "wedding"]);
    expect(contentWords("I’m sure you’re right, we’ve won", 3)).toEqual(["won"]);
    expect(contentWords("I want to start running before my marathon", 3)).toEqual(["start", "running", "marathon"]);
  });
});
