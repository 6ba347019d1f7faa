import { describe, expect, it } from "vitest";
import { concatPcm } from "../../../worker/audio/pcm";

describe("concatPcm", () => {
  it("concatenates chunks in order, empty ones included", () => {
    const all = concatPcm([Int16Array.from([1, 2]), new Int16Array(0), Int16Array.from([3])]);
    expect(Array.from(all)).toEqual([1, 2, 3]);
  });
});
