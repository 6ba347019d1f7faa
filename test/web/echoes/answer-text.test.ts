// The words for who answers the user's phone (the Echoes tab's line and its confirmations).
import { describe, expect, it } from "vitest";
import { answererName, chosenText, handedOverText } from "../../../web/echoes/answerText";

describe("who answers, in words", () => {
  it("names the Echo, or the built-in assistant when no Echo is active", () => {
    expect(answererName({ answeringEcho: { id: "e1", name: "Wren" } })).toBe("Wren");
    expect(answererName({ answeringEcho: null })).toBe("the built-in assistant “Echo”");
  });

  it("says what answers after the answering Echo is deactivated", () => {
    expect(handedOverText("Nova", { answeringEcho: { id: "e2", name: "Sage" } })).toBe("Nova no longer answers your phone: Sage does now.");
    expect(handedOverText("Nova", { answeringEcho: null })).toBe("Nova no longer answers your phone: the built-in assistant “Echo” does now.");
    expect(chosenText("Wren")).toBe("Wren answers your phone now.");
  });
});
