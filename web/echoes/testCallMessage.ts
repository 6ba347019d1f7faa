// The text of the alert a card's Test Call button shows (spec §8: it alerts the phone number to call).
import type { Echo } from "../../protocol/echo";

export function testCallMessage(echo: Pick<Echo, "name" | "isActive">, phoneNumber: string): string {
  const lead = `Call ${phoneNumber} to test your Echo "${echo.name}".`;
  return echo.isActive ? lead : `${lead}\n\n"${echo.name}" is inactive: activate it first so it can answer.`;
}
