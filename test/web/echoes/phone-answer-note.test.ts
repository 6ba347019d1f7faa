// The Test Call alert's sentence about who answers the user's phone calls.
import { afterEach, describe, expect, it } from "vitest";
import type { PhoneSettings } from "../../../protocol/phone";
import { testCallMessage } from "../../../web/echoes/testCallMessage";
import { phoneAnswerNote } from "../../../web/echoes/phoneAnswerNote";
import { rememberPhoneSettings } from "../../../web/echoes/phoneSnapshot";

const base: PhoneSettings = { publicNumber: "+1 555 010 0199", linkedNumber: null, phoneEchoId: null, answeringEcho: null, pendingCode: null };
const sage = { id: "e1", name: "Sage" };

describe("phoneAnswerNote", () => {
  afterEach(() => rememberPhoneSettings(null));

  it("says nothing before the settings load", () => {
    expect(phoneAnswerNote(sage, null)).toBe("");
  });

  it("asks to link the number when none is linked", () => {
    expect(phoneAnswerNote(sage, base)).toMatch(/not linked yet.*built-in assistant "Echo".*Phone card/);
  });

  it("names the Echo that answers the linked number", () => {
    const linked = { ...base, linkedNumber: "+15550100123", answeringEcho: sage };
    expect(phoneAnswerNote(sage, linked)).toBe('Calls from +15550100123 are answered by "Sage".');
    expect(phoneAnswerNote({ id: "e2", name: "Wren" }, linked)).toBe(
      'Calls from +15550100123 are answered by "Sage". Choose "Wren" under "Answers your phone" to test it.',
    );
    expect(phoneAnswerNote(sage, { ...linked, answeringEcho: null })).toMatch(/built-in assistant "Echo": activate an Echo/);
  });

  it("extends the card's Test Call alert once the settings are known", () => {
    expect(testCallMessage({ ...sage, isActive: true }, "+1 555 010 0199")).toBe('Call +1 555 010 0199 to test your Echo "Sage".');
    rememberPhoneSettings({ ...base, linkedNumber: "+15550100123", answeringEcho: sage });
    expect(testCallMessage({ ...sage, isActive: true }, "+1 555 010 0199")).toBe(
      'Call +1 555 010 0199 to test your Echo "Sage".\n\nCalls from +15550100123 are answered by "Sage".',
    );
    expect(testCallMessage({ ...sage, isActive: false }, "+1 555 010 0199")).toContain("inactive");
  });
});
