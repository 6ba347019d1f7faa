// A keypad link whose database work fails (worker/call/setup/phone-link.ts): the caller hears why
// nothing happened, and the call can still end (settled() resolves).
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { MAX_CODE_ATTEMPTS } from "../../../worker/call/setup/keypad";
import { type LinkHost, PhoneLinker, SAY } from "../../../worker/call/setup/phone-link";

/** A host whose call is active from a real number, and whose D1 fails every statement. */
function failingHost(): LinkHost {
  const failing = () => {
    throw new Error("D1_ERROR: storage unavailable");
  };
  const state = { phase: "active", fromNumber: "+15550100777", callId: "c1", userId: null, callerVerified: true };
  return { store: { state: () => state }, env: { DB: { prepare: failing, batch: failing, exec: failing } } } as unknown as LinkHost;
}

describe("keypad link", () => {
  it("says it could not link the number when the database fails, keeps the attempt, and settles without throwing", async () => {
    const said: string[] = [];
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    onTestFinished(() => errors.mockRestore());
    const linker = new PhoneLinker(failingHost(), async (text) => {
      said.push(text);
    });
    for (const digit of "12345") await linker.onDigit(digit);
    expect(said).toEqual([]);
    await linker.onDigit("6");
    await expect(linker.settled()).resolves.toBeUndefined();
    expect(said).toEqual([SAY.failed]);
    expect(errors).toHaveBeenCalledWith("keypad link failed", expect.stringContaining("\"name\":\"Error\""));
    // The code was never checked: more tries than the keypad allows wrong codes still get an answer.
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) for (const digit of "123456") await linker.onDigit(digit);
    expect(said).toEqual(Array(MAX_CODE_ATTEMPTS + 1).fill(SAY.failed));
  });
});
