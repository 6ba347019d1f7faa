// The link-code collector of the phone line: 6 digits make a code, `*`/`#` and long pauses start over,
// and three wrong codes lock the keypad for the rest of the call.
import { describe, expect, it } from "vitest";
import { DIGIT_GAP_MS, KeypadCollector, MAX_CODE_ATTEMPTS } from "../../../../worker/call/setup/keypad";

function type(keypad: KeypadCollector, digits: string, at = 1000, gap = 100) {
  return [...digits].map((d, i) => keypad.push(d, at + i * gap));
}

describe("KeypadCollector", () => {
  it("hands over a code after six digits, then starts a new one", () => {
    const keypad = new KeypadCollector();
    const results = type(keypad, "123456");
    expect(results.slice(0, 5).every((r) => r.kind === "typing")).toBe(true);
    expect(results[5]).toEqual({ kind: "code", code: "123456" });
    expect(type(keypad, "654321", 5000).at(-1)).toEqual({ kind: "code", code: "654321" });
  });

  it("* or # starts over", () => {
    const keypad = new KeypadCollector();
    expect(type(keypad, "12*123456").at(-1)).toEqual({ kind: "code", code: "123456" });
    expect(type(keypad, "99#000111", 5000).at(-1)).toEqual({ kind: "code", code: "000111" });
  });

  it("a pause longer than DIGIT_GAP_MS forgets a half-typed code", () => {
    const keypad = new KeypadCollector();
    type(keypad, "123", 1000);
    const after = type(keypad, "456", 1000 + 300 + DIGIT_GAP_MS);
    expect(after.at(-1)).toEqual({ kind: "typing" });
    expect(type(keypad, "789", 1000 + 600 + DIGIT_GAP_MS).at(-1)).toEqual({ kind: "code", code: "456789" });
  });

  it("locks after MAX_CODE_ATTEMPTS codes", () => {
    const keypad = new KeypadCollector();
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      expect(keypad.attemptsLeft).toBe(MAX_CODE_ATTEMPTS - i);
      expect(type(keypad, "000000", 1000 + i * 1000).at(-1)?.kind).toBe("code");
    }
    expect(keypad.attemptsLeft).toBe(0);
    expect(keypad.push("1", 10_000)).toEqual({ kind: "locked" });
  });

  it("a code whose check failed is given back: it does not count towards the lock", () => {
    const keypad = new KeypadCollector();
    type(keypad, "123456");
    expect(keypad.attemptsLeft).toBe(MAX_CODE_ATTEMPTS - 1);
    keypad.giveBack();
    expect(keypad.attemptsLeft).toBe(MAX_CODE_ATTEMPTS);
    keypad.giveBack(); // never more than were used
    expect(keypad.attemptsLeft).toBe(MAX_CODE_ATTEMPTS);
  });
});
