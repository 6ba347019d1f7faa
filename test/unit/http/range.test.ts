import { describe, expect, it } from "vitest";
import { parseRange } from "../../../worker/http/range";

describe("parseRange", () => {
  it("reads single byte ranges, open-ended and suffix ranges", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=950-5000", 1000)).toEqual({ kind: "partial", start: 950, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
  });

  it("answers unsatisfiable outside the resource and ignores what it does not serve", () => {
    expect(parseRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=5-2", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange(null, 1000)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=0-1,5-9", 1000)).toEqual({ kind: "whole" });
    expect(parseRange("items=0-1", 1000)).toEqual({ kind: "whole" });
  });
});
