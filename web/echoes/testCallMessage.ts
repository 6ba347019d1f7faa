// The text of the alert a card's Test Call button shows (spec §8: it alerts the phone number to call).
import type { Echo } from "../../protocol/echo";
import { phoneAnswerNote } from "./phoneAnswerNote";
import { currentPhoneSettings } from "./phoneSnapshot";

export function testCallMessage(echo: Pick<Echo, "name" | "isActive"> & { id?: string }, phoneNumber: string): string {
  const lead = `Call ${phoneNumber} to test your Echo "${echo.name}".`;
  // Who answers the user's phone calls (their linked number and phone Echo), once known.
  const note = phoneAnswerNote({ id: echo.id ?? "", name: echo.name }, currentPhoneSettings());
  if (!echo.isActive) return `${lead}\n\n"${echo.name}" is inactive: activate it first so it can answer.`;
  return note ? `${lead}\n\n${note}` : lead;
}
