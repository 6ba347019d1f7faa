// The emotion figures (scripts/emotion/metrics.ts) the training script and the bench print: accuracy,
// per-class precision / recall / F1, macro-F1 and the confusion table, on lines small enough to count by
// hand, multi-label lines included; and the offsets calibration (calibrate.ts) only ever raises macro-F1.
import { describe, expect, it } from "vitest";
import type { EmotionName } from "../../../../protocol/call-messages";
import { topsWith, tuneOffsets } from "../../../../scripts/emotion/calibrate";
import { evaluate, topEmotion } from "../../../../scripts/emotion/metrics";
import { rng } from "../../../../scripts/seed/prng";
import { shuffleInPlace } from "../../../../scripts/emotion/shuffle";

describe("emotion metrics", () => {
  it("counts a multi-label line as a hit on any of its labels, and its other labels as misses", () => {
    const gold: EmotionName[][] = [["joy"], ["joy", "surprise"], ["anger"], ["calm"]];
    const ev = evaluate(["joy", "surprise", "calm", "calm"], gold);
    expect(ev.accuracy).toBe(0.75);
    // joy: tp 1, fn 1 (line 2) → P 1, R 0.5, F1 2/3; surprise: tp 1 → F1 1; anger: fn 1 → 0;
    // calm: tp 1, fp 1 → P 0.5, R 1, F1 2/3; sadness, fear: nothing → 0.
    expect(ev.perClass.joy).toMatchObject({ precision: 1, recall: 0.5, support: 2 });
    expect(ev.perClass.joy.f1).toBeCloseTo(2 / 3, 10);
    expect(ev.perClass.surprise.f1).toBe(1);
    expect(ev.perClass.anger.f1).toBe(0);
    expect(ev.perClass.calm.f1).toBeCloseTo(2 / 3, 10);
    expect(ev.macroF1).toBeCloseTo((2 / 3 + 1 + 0 + 2 / 3) / 6, 10);
    expect(ev.confusion.anger.calm).toBe(1);
    expect(ev.confusion.surprise.surprise).toBe(1);
    expect(() => evaluate(["joy"], [])).toThrow();
  });

  it("takes the highest score as the top emotion (ties: the first in EMOTIONS)", () => {
    expect(topEmotion({ joy: 0.2, fear: 0.5, calm: 0.3 })).toBe("fear");
    expect(topEmotion({})).toBe("joy");
  });

  it("tunes offsets that never lower macro-F1, with the same result every time", () => {
    const random = rng(7);
    const logits = Array.from({ length: 200 }, () => Float64Array.from({ length: 6 }, () => random()));
    const gold = logits.map((z, i) => [(["joy", "sadness", "anger", "fear", "surprise", "calm"] as const)[i % 6]!]);
    const plain = evaluate(topsWith(logits, [0, 0, 0, 0, 0, 0]), gold).macroF1;
    const tuned = tuneOffsets(logits, gold);
    expect(tuned.macroF1).toBeGreaterThanOrEqual(plain);
    expect(evaluate(topsWith(logits, tuned.offsets), gold).macroF1).toBeCloseTo(tuned.macroF1, 12);
    expect(tuneOffsets(logits, gold)).toEqual(tuned);
  });

  it("shuffles the same way from the same seed", () => {
    const a = shuffleInPlace([1, 2, 3, 4, 5, 6, 7, 8], rng(42));
    expect(shuffleInPlace([1, 2, 3, 4, 5, 6, 7, 8], rng(42))).toEqual(a);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
