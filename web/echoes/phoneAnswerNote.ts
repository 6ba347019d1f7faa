// The sentence the Echo cards' Test Call alert adds about who answers the user's phone calls.
import { DEFAULT_ASSISTANT_NAME, type PhoneSettings } from "../../protocol/phone";

export function phoneAnswerNote(echo: { id: string; name: string }, phone: PhoneSettings | null): string {
  if (!phone) return "";
  if (!phone.linkedNumber) {
    return `Your phone number is not linked yet, so the built-in assistant "${DEFAULT_ASSISTANT_NAME}" answers. Link it in the Phone card so your Echo answers.`;
  }
  const answering = phone.answeringEcho;
  if (!answering) return `Calls from ${phone.linkedNumber} are answered by the built-in assistant "${DEFAULT_ASSISTANT_NAME}": activate an Echo first.`;
  if (answering.id === echo.id) return `Calls from ${phone.linkedNumber} are answered by "${echo.name}".`;
  return `Calls from ${phone.linkedNumber} are answered by "${answering.name}". Choose "${echo.name}" under "Answers your phone" to test it.`;
}
