import { describe, expect, it } from "vitest";
import { wordEdits, wordErrorRate, words } from "../../../bench/support/wer";

describe("word error rate", () => {
  it("counts substitutions, deletions and insertions against the reference, ignoring case and punctuation", () => {
    expect(words("I'm fine, THANKS!")).toEqual(["i'm", "fine", "thanks"]);
    expect(wordEdits(["a", "b", "c"], ["a", "x", "c"])).toBe(1);
    expect(wordEdits(["a", "b", "c"], ["a", "c"])).toBe(1);
    expect(wordEdits(["a", "b"], ["a", "b", "c", "d"])).toBe(2);
    expect(wordErrorRate([{ reference: "What is the weather like?", hypothesis: "what is the worker like" }])).toBeCloseTo(0.2);
    expect(wordErrorRate([
      { reference: "one two", hypothesis: "one two" },
      { reference: "three four five six", hypothesis: "three" },
    ])).toBeCloseTo(0.5);
    expect(wordErrorRate([])).toBe(0);
  });
});
