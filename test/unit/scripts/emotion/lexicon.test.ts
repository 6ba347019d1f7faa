// The old hand-made lexicon (scripts/emotion/lexicon.ts), kept as the reference the words model is
// measured against (`npm run bench -- emotion`): its behaviour stays what it was, so the comparison is fair.
import { describe, expect, it } from "vitest";
import { EMOTIONS } from "../../../../protocol/call-messages";
import { lexiconEmotions } from "../../../../scripts/emotion/lexicon";
import { topEmotions } from "../../../../worker/pipeline/hearing/prosody";

const top = (scores: Record<string, number>) => topEmotions(scores, 1)[0]!.emotion;
const sum = (scores: Record<string, number>) => Object.values(scores).reduce((a, b) => a + b, 0);

describe("lexicon emotions (words)", () => {
  it("scores every emotion in [0, 1], summing to 1", () => {
    const s = lexiconEmotions("I am so happy today!");
    expect(Object.keys(s).sort()).toEqual([...EMOTIONS].sort());
    expect(Object.values(s).every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(sum(s)).toBeCloseTo(1, 2);
  });

  it("finds the emotion in the words", () => {
    expect(top(lexiconEmotions("I had a wonderful, amazing day"))).toBe("joy");
    expect(top(lexiconEmotions("I feel so sad and lonely"))).toBe("sadness");
    expect(top(lexiconEmotions("This is ridiculous, I'm furious"))).toBe("anger");
    expect(top(lexiconEmotions("I'm worried and anxious about tomorrow"))).toBe("fear");
    expect(top(lexiconEmotions("Wow, that was unexpected"))).toBe("surprise");
    expect(top(lexiconEmotions("Please read me the report"))).toBe("calm");
  });

  it("handles negation and intensifiers", () => {
    expect(top(lexiconEmotions("I am not happy"))).toBe("sadness");
    expect(lexiconEmotions("I am not worried").fear).toBe(0);
    expect(lexiconEmotions("I am really sad").sadness).toBeGreaterThan(lexiconEmotions("I am sad").sadness!);
  });

  it("a negation stops at the end of its clause (punctuation, \"but\")", () => {
    for (const text of ["No, I'm happy.", "No. I'm thrilled.", "No — I'm glad", "I'm not rich but happy"]) {
      const s = lexiconEmotions(text);
      expect(top(s), text).toBe("joy");
      expect(s.sadness, text).toBe(0);
    }
    // "Don't worry" is still negated (calm, not fear); the happiness after the comma is not.
    expect(lexiconEmotions("Don't worry, I'm happy")).toMatchObject({ joy: 0.385, sadness: 0, fear: 0, calm: 0.615 });
    expect(top(lexiconEmotions("I'm not happy, honestly."))).toBe("sadness");
  });

  it("a negated stop keeps the feeling going: \"can't stop laughing\" is joy", () => {
    for (const text of ["I can't stop laughing", "I couldn't stop laughing", "I can't help laughing"]) {
      const s = lexiconEmotions(text);
      expect(top(s), text).toBe("joy");
      expect([s.sadness, s.anger, s.fear], text).toEqual([0, 0, 0]);
    }
    expect(lexiconEmotions("I can't stop laughing").joy).toBeGreaterThan(lexiconEmotions("I am laughing").joy!);
  });

  it("sick, fed, stop, shut and help are cues only where they mean one", () => {
    for (const text of ["Can you help me with my homework?", "The bus stop is near", "I fed the dog", "I stopped at the shop", "The shop was shut", "She helped me move"]) {
      expect(lexiconEmotions(text), text).toMatchObject({ anger: 0, fear: 0, calm: expect.any(Number) });
    }
    expect(top(lexiconEmotions("I feel sick"))).toBe("sadness");
    expect(lexiconEmotions("I feel sick").anger).toBe(0);
    for (const text of ["I'm fed up with this", "I'm sick of it", "I'm sick and tired of waiting", "Stop it", "Please stop yelling at me", "Shut up"]) {
      expect(top(lexiconEmotions(text)), text).toBe("anger");
    }
    for (const text of ["Help me!", "help me", "Please help, I'm scared", "Somebody help us"]) {
      expect(top(lexiconEmotions(text)), text).toBe("fear");
    }
  });
});
