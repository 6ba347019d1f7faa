import { describe, expect, it } from "vitest";
import { FOLLOW_SLACK_PX, isNearBottom } from "../../web/ui/followBottom";

describe("isNearBottom (a live transcript follows new entries only while the reader is at its end)", () => {
  const box = (scrollTop: number) => ({ scrollHeight: 1000, clientHeight: 300, scrollTop });
  it("is true at the bottom and within the slack above it", () => {
    expect(isNearBottom(box(700))).toBe(true);
    expect(isNearBottom(box(700 - FOLLOW_SLACK_PX + 1))).toBe(true);
  });
  it("is false once the reader scrolled further up", () => {
    expect(isNearBottom(box(700 - FOLLOW_SLACK_PX))).toBe(false);
    expect(isNearBottom(box(0))).toBe(false);
  });
  it("is true for content that does not overflow", () => {
    expect(isNearBottom({ scrollHeight: 200, clientHeight: 300, scrollTop: 0 })).toBe(true);
  });
});
