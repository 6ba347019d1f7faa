import { describe, expect, it } from "vitest";
import { MAX_PATIENCE_MS, patienceAfter } from "../../../../worker/pipeline/turns/patience";

const feeling = (e: Record<string, number>) => ({ joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 0, ...e });
const steadyVoice = { arousal: 0, hesitant: false };

describe("patience: how long the Echo waits before it answers", () => {
  it("a sad or fearful caller gets a longer window, up to the bound", () => {
    expect(patienceAfter(feeling({ sadness: 1 }), null)).toEqual({ extraMs: MAX_PATIENCE_MS, reason: "low" });
    expect(patienceAfter(feeling({ fear: 0.95, calm: 0.05 }), steadyVoice)).toEqual({ extraMs: MAX_PATIENCE_MS, reason: "low" });
    const some = patienceAfter(feeling({ sadness: 0.45, calm: 0.55 }), steadyVoice);
    expect(some.extraMs).toBeGreaterThan(0);
    expect(some.extraMs).toBeLessThan(MAX_PATIENCE_MS);
  });

  it("a hesitant caller (slower or pausing against their baseline) gets more time even with calm words", () => {
    expect(patienceAfter(feeling({ calm: 1 }), { arousal: -0.3, hesitant: true })).toEqual({ extraMs: 250, reason: "hesitant" });
    // Both: more, and still bounded.
    const both = patienceAfter(feeling({ sadness: 0.5, calm: 0.5 }), { arousal: -0.5, hesitant: true });
    expect(both.reason).toBe("low_and_hesitant");
    expect(both.extraMs).toBeLessThanOrEqual(MAX_PATIENCE_MS);
    expect(patienceAfter(feeling({ sadness: 1 }), { arousal: -1, hesitant: true }).extraMs).toBe(MAX_PATIENCE_MS);
  });

  it("an excited caller, or a calm one, gets the normal window", () => {
    expect(patienceAfter(feeling({ joy: 0.9, calm: 0.1 }), steadyVoice)).toEqual({ extraMs: 0, reason: "excited" });
    expect(patienceAfter(feeling({ anger: 0.8, sadness: 0.2 }), steadyVoice)).toEqual({ extraMs: 0, reason: "excited" });
    // Sad words said loud and fast against their baseline: aroused, not low — no extra wait.
    expect(patienceAfter(feeling({ sadness: 0.9 }), { arousal: 0.7, hesitant: false })).toEqual({ extraMs: 0, reason: "excited" });
    expect(patienceAfter(feeling({ calm: 1 }), steadyVoice)).toEqual({ extraMs: 0, reason: "none" });
  });
});
