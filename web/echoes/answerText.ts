// The words for who answers the user's phone: the Echoes tab's line and its confirmations.
import { DEFAULT_ASSISTANT_NAME, type PhoneSettings } from "../../protocol/phone";

/** Who answers, as a name: the Echo, or the built-in assistant when no Echo of the user's is active. */
export function answererName(settings: Pick<PhoneSettings, "answeringEcho">): string {
  return settings.answeringEcho ? settings.answeringEcho.name : `the built-in assistant “${DEFAULT_ASSISTANT_NAME}”`;
}

/** After the Echo that answered the phone was deactivated (or deleted): what answers now. */
export function handedOverText(previous: string, settings: Pick<PhoneSettings, "answeringEcho">): string {
  const next = answererName(settings);
  return `${previous} no longer answers your phone: ${next} does now.`;
}

/** After choosing who answers. */
export function chosenText(name: string): string {
  return `${name} answers your phone now.`;
}
