import { describe, expect, it } from "vitest";
import { topEmotions } from "../../../web/testcall/emotions";

describe("topEmotions", () => {
  it("shows the strongest three, strongest first, skipping noise", () => {
    expect(topEmotions({ joy: 0.5, calm: 0.3, fear: 0.01, sadness: 0.1, anger: 0.09 })).toEqual([
      ["joy", 0.5],
      ["calm", 0.3],
      ["sadness", 0.1],
    ]);
    expect(topEmotions({})).toEqual([]);
  });
});
