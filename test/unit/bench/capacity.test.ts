import { describe, expect, it } from "vitest";
import { capacity } from "../../../bench/support/capacity";

describe("capacity", () => {
  it("is the largest load held by it and every smaller load, in any order", () => {
    expect(capacity([{ load: 50, held: true }, { load: 25, held: true }, { load: 100, held: false }, { load: 75, held: true }])).toBe(75);
  });

  it("ignores a held load above a failing one, and is 0 when the smallest fails", () => {
    expect(capacity([{ load: 25, held: true }, { load: 50, held: false }, { load: 75, held: true }])).toBe(25);
    expect(capacity([{ load: 25, held: false }, { load: 50, held: true }])).toBe(0);
    expect(capacity([])).toBe(0);
  });
});
