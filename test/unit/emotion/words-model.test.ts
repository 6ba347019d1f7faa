// The words model (worker/emotion/words-model.ts) on the committed weights: clear lines get their
// emotion, negation turns a feeling around, empty text is calm, scores keep the EmotionScores contract,
// and the phone-style lines written for Echo (test/fixtures/emotion/phone-lines.tsv, never trained on)
// are read loosely right.
import { describe, expect, it } from "vitest";
import { EMOTIONS } from "../../../protocol/call-messages";
import { evaluate, topEmotion } from "../../../scripts/emotion/metrics";
import { readPhoneLines } from "../../../scripts/emotion/phone-lines";
import { textFeatures, tokenize } from "../../../worker/emotion/tokens";
import { wordsEmotions } from "../../../worker/emotion/words-model";

const top = (text: string) => topEmotion(wordsEmotions(text));
const sum = (scores: Record<string, number>) => Object.values(scores).reduce((a, b) => a + b, 0);

describe("words model", () => {
  it("scores the six emotions in [0, 1], summing to 1", () => {
    for (const text of ["I am so happy today!", "what time is it", "[NAME] is the worst"]) {
      const s = wordsEmotions(text);
      expect(Object.keys(s).sort(), text).toEqual([...EMOTIONS].sort());
      expect(Object.values(s).every((v) => v >= 0 && v <= 1), text).toBe(true);
      expect(sum(s), text).toBeCloseTo(1, 2);
    }
  });

  it("finds the emotion of clear lines", () => {
    expect(top("I'm so happy, thank you!")).toBe("joy");
    expect(top("I feel so sad and lonely since she left")).toBe("sadness");
    expect(top("I hate this, it's so stupid and annoying")).toBe("anger");
    expect(top("I'm really scared and worried about tomorrow")).toBe("fear");
    expect(top("Wow, I did not expect that at all!")).toBe("surprise");
    expect(top("Please add milk to my shopping list.")).toBe("calm");
  });

  it("reads a negation: \"not happy\" is not joy", () => {
    expect(wordsEmotions("I am not happy").joy!).toBeLessThan(wordsEmotions("I am happy").joy!);
    expect(top("I am not happy")).not.toBe("joy");
    expect(textFeatures("I'm not happy, but fine")).toEqual(expect.arrayContaining(["~happy", "fine"]));
    expect(textFeatures("I'm not happy, but fine")).not.toContain("~fine");
  });

  it("reads speech-to-text's forms alike: curly or no apostrophes, case, the data set's masks", () => {
    expect(tokenize("I DON’T know, [NAME]!")).toEqual(["i", "dont", "know", ",", "<name>", "!"]);
    expect(wordsEmotions("I don't like it")).toEqual(wordsEmotions("i dont like it"));
  });

  it("text with no words is calm", () => {
    for (const text of ["", "   ", "...", "?!"]) expect(wordsEmotions(text), JSON.stringify(text)).toEqual({ joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 1 });
  });

  it("is deterministic", () => {
    const text = "My flight got cancelled and I'm stuck at the airport";
    expect(wordsEmotions(text)).toEqual(wordsEmotions(text));
  });

  it("reads the phone-style lines it never trained on loosely right (macro-F1 and accuracy ≥ 0.6)", () => {
    const lines = readPhoneLines();
    expect(lines.length).toBeGreaterThanOrEqual(60);
    for (const e of EMOTIONS) expect(lines.filter((l) => l.labels[0] === e).length, e).toBeGreaterThanOrEqual(10);
    const ev = evaluate(lines.map((l) => top(l.text)), lines.map((l) => l.labels));
    expect(ev.macroF1).toBeGreaterThanOrEqual(0.6);
    expect(ev.accuracy).toBeGreaterThanOrEqual(0.6);
  });
});
