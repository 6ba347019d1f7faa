// Typed messages per browser test call (worker/limits/typed-messages.ts).
import { describe, expect, it } from "vitest";
import { TYPED_PER_CALL, TYPED_PER_MINUTE, TYPING_TOO_FAST, TYPING_TOO_MUCH, TypedMessageLimit } from "../../../worker/limits/typed-messages";

describe("TypedMessageLimit", () => {
  it(`takes ${TYPED_PER_MINUTE} in a minute, refuses the next, and takes again once the first is a minute old`, () => {
    const limit = new TypedMessageLimit();
    for (let i = 0; i < TYPED_PER_MINUTE; i++) expect(limit.refuse(1_000 + i)).toBeNull();
    expect(limit.refuse(2_000)).toBe(TYPING_TOO_FAST);
    expect(limit.refuse(60_999)).toBe(TYPING_TOO_FAST);
    expect(limit.refuse(61_000)).toBeNull(); // the first one left the window
    expect(limit.refuse(61_000)).toBe(TYPING_TOO_FAST);
  });

  it(`refuses everything after ${TYPED_PER_CALL} in one call, however slowly they come`, () => {
    const limit = new TypedMessageLimit();
    for (let i = 0; i < TYPED_PER_CALL; i++) expect(limit.refuse(i * 60_000)).toBeNull();
    expect(limit.refuse(TYPED_PER_CALL * 60_000)).toBe(TYPING_TOO_MUCH);
  });
});
