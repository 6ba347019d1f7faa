import { describe, expect, it } from "vitest";
import { formatCaller, formatDuration, formatEmotionSource, formatMs, formatOffset, formatPercent } from "../../../web/lib/format";

describe("formatDuration (spec §9: minutes:seconds)", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59, "0:59"],
    [60, "1:00"],
    [75, "1:15"],
    [3600, "60:00"],
    [3725, "62:05"],
  ])("%i s → %s", (s, text) => expect(formatDuration(s)).toBe(text));

  it("shows 0:00 for unknown or broken values", () => {
    expect(formatDuration(null)).toBe("0:00");
    expect(formatDuration(undefined)).toBe("0:00");
    expect(formatDuration(Number.NaN)).toBe("0:00");
    expect(formatDuration(-3)).toBe("0:00");
  });
});

describe("formatPercent (spec §9: one decimal)", () => {
  it.each([
    [0.8234, "82.3%"],
    [0.82351, "82.4%"],
    [0, "0.0%"],
    [1, "100.0%"],
    [0.0005, "0.1%"],
    [0.00049, "0.0%"],
  ])("%f → %s", (v, text) => expect(formatPercent(v)).toBe(text));

  it("clamps out-of-range scores", () => {
    expect(formatPercent(1.7)).toBe("100.0%");
    expect(formatPercent(-0.2)).toBe("0.0%");
  });
});

describe("small formats", () => {
  it("offsets inside a call", () => {
    expect(formatOffset(1000, 1000)).toBe("0:00");
    expect(formatOffset(1000, 66_999)).toBe("1:05");
    expect(formatOffset(5000, 1000)).toBe("0:00");
  });
  it("milliseconds", () => {
    expect(formatMs(850)).toBe("850 ms");
    expect(formatMs(1234)).toBe("1.2 s");
  });
  it("caller column", () => {
    expect(formatCaller({ callType: "browser_test", fromNumber: null })).toBe("Browser test");
    expect(formatCaller({ callType: "phone", fromNumber: "+15550100" })).toBe("+15550100");
    expect(formatCaller({ callType: "phone", fromNumber: null })).toBe("Unknown number");
  });
});

describe("formatEmotionSource (Call Details: one short line per caller entry)", () => {
  it("says where the emotions came from", () => {
    expect(formatEmotionSource("words_and_voice")).toBe("from words and voice");
    expect(formatEmotionSource("words")).toBe("from words");
    expect(formatEmotionSource("voice")).toBe("from voice");
  });
});
