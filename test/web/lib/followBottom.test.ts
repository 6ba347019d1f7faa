import { describe, expect, it } from "vitest";
import { FOLLOW_SLACK_PX, isNearBottom, shouldFollow } from "../../../web/lib/followBottom";

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

describe("shouldFollow (measured when new content arrives, against the height before it)", () => {
  it("follows the first time the list is shown", () => {
    expect(shouldFollow({ scrollHeight: 1000, clientHeight: 300, scrollTop: 0 }, null)).toBe(true);
  });
  it("follows when the reader was at the end of the content before the new entry", () => {
    // 700 was the bottom of 1000 px of content; a 76 px entry made it 1076.
    expect(shouldFollow({ scrollHeight: 1076, clientHeight: 300, scrollTop: 700 }, 1000)).toBe(true);
  });
  it("stays where the reader scrolled up to, however the new entry grew the list", () => {
    expect(shouldFollow({ scrollHeight: 1076, clientHeight: 300, scrollTop: 0 }, 1000)).toBe(false);
    expect(shouldFollow({ scrollHeight: 1020, clientHeight: 300, scrollTop: 700 - FOLLOW_SLACK_PX }, 1000)).toBe(false);
  });
});
