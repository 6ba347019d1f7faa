// Words and numbers of the Insights panel.
import { describe, expect, it } from "vitest";
import type { EmotionMixBucket } from "../../../protocol/insights";
import { dominantEmotion, formatShare, formatTotal, tickIndices } from "../../../web/insights/insightsText";
import { formatStageFigures as formatStage } from "../../../web/lib/format";

const mix = (m: Partial<EmotionMixBucket["mix"]>): EmotionMixBucket["mix"] => ({ joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 0, ...m });

describe("insights text", () => {
  it("shares", () => {
    expect(formatShare(0.25)).toBe("25%");
    expect(formatShare(1 / 3)).toBe("33.3%");
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(null)).toBe("–");
  });
  it("durations", () => {
    expect(formatTotal(100)).toBe("1:40");
    expect(formatTotal(3 * 3600 + 125)).toBe("3 h 02 min");
    expect(formatTotal(null)).toBe("–");
  });
  it("stage figures", () => {
    expect(formatStage({ count: 3, p50: 420, p95: 1250 })).toEqual({ p50: "420 ms", p95: "1.3 s" });
    expect(formatStage({ count: 0, p50: null, p95: null })).toEqual({ p50: "–", p95: "–" });
  });
  it("the dominant emotion weighs buckets by their calls (fear 1.2 + 1 of 4 calls beats calm 1.8)", () => {
    const top = dominantEmotion([
        { start: 0, calls: 3, mix: mix({ calm: 0.6, fear: 0.4 }) },
        { start: 1, calls: 1, mix: mix({ fear: 1 }) },
        { start: 2, calls: 0, mix: mix({}) },
    ]);
    expect(top?.name).toBe("fear");
    expect(top?.share).toBeCloseTo(0.55, 10);
    expect(dominantEmotion([{ start: 0, calls: 0, mix: mix({}) }])).toBeNull();
  });
});

describe("tickIndices (the emotion mix's date labels)", () => {
  it("labels every bar when there are few, else the first, the last and evenly spaced ones, at most six", () => {
    expect(tickIndices(0)).toEqual([]);
    expect(tickIndices(1)).toEqual([0]);
    expect(tickIndices(4)).toEqual([0, 1, 2, 3]);
    expect(tickIndices(30)).toEqual([0, 6, 12, 17, 23, 29]);
    expect(tickIndices(13, 4)).toEqual([0, 4, 8, 12]);
  });
});
