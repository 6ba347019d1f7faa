import { describe, expect, it } from "vitest";
import { VOICE_STYLES } from "../../../../protocol/echo";
import { deliveryFor, neutralDelivery, sameDelivery } from "../../../../worker/pipeline/reply/delivery";

const feeling = (e: Record<string, number>) => ({ joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 0, ...e });

describe("delivery: how the Echo says its reply", () => {
  it("slower, lower and softer for sadness or fear", () => {
    for (const caller of [feeling({ sadness: 0.9, calm: 0.1 }), feeling({ fear: 0.8, calm: 0.2 }), feeling({ sadness: 0.4, fear: 0.4, calm: 0.2 })]) {
      const d = deliveryFor(caller, "warm");
      expect(d.tone).toBe("soft");
      expect(d.rate).toBeLessThan(1);
      expect(d.pitchSt).toBeLessThan(0);
      expect(d.volume).toBeLessThan(1);
      expect(d.instructions).toMatch(/slowly and softly/);
      expect(d.instructions).toMatch(/^A warm, caring voice\./);
    }
  });

  it("brighter for joy, steady for anger", () => {
    const joy = deliveryFor(feeling({ joy: 0.9, calm: 0.1 }), "default");
    expect(joy).toMatchObject({ tone: "bright", volume: 1 });
    expect(joy.rate).toBeGreaterThan(1);
    expect(joy.pitchSt).toBeGreaterThan(0);
    const anger = deliveryFor(feeling({ anger: 0.8, calm: 0.2 }), "default");
    expect(anger.tone).toBe("steady");
    expect(anger.rate).toBeLessThan(1);
    expect(anger.rate).toBeGreaterThan(deliveryFor(feeling({ sadness: 0.8, calm: 0.2 }), "default").rate); // steady, not slow
    expect(anger.instructions).toMatch(/calmly and steadily/);
  });

  it("the voice as it is for a calm caller, a greeting, or a feeling too faint to act on", () => {
    for (const style of VOICE_STYLES) {
      expect(deliveryFor(feeling({ calm: 1 }), style)).toEqual(neutralDelivery(style));
      expect(deliveryFor({}, style)).toEqual(neutralDelivery(style));
      expect(deliveryFor(feeling({ sadness: 0.25, calm: 0.75 }), style).tone).toBe("neutral");
    }
    expect(neutralDelivery("gentle")).toMatchObject({ rate: 1, pitchSt: 0, volume: 1, instructions: "A soft, gentle voice." });
  });

  it("grows with how clearly the caller shows it, and follows the voice style", () => {
    const faint = deliveryFor(feeling({ sadness: 0.45, calm: 0.55 }), "default");
    const clear = deliveryFor(feeling({ sadness: 0.95, calm: 0.05 }), "default");
    expect(faint.rate).toBeGreaterThan(clear.rate);
    expect(faint.rate).toBeLessThan(1);
    // An energetic voice keeps some of its lift when it softens.
    expect(deliveryFor(feeling({ sadness: 0.95 }), "energetic").rate).toBeGreaterThan(clear.rate);
    expect(deliveryFor(feeling({ sadness: 0.95 }), "energetic").instructions).toMatch(/^An energetic, upbeat voice\./);
  });

  it("sameDelivery compares what would be heard", () => {
    const d = deliveryFor(feeling({ joy: 1 }), "warm");
    expect(sameDelivery(d, { ...d })).toBe(true);
    expect(sameDelivery(d, deliveryFor(feeling({ sadness: 1 }), "warm"))).toBe(false);
    expect(sameDelivery(undefined, undefined)).toBe(true);
    expect(sameDelivery(d, undefined)).toBe(false);
  });
});
