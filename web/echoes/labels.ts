// Display labels for the Echo enums (values are the spec's, labels capitalised for people).
import { EXPERTISES, PERSONALITIES, VOICE_STYLES } from "../../protocol/echo";
import type { SelectOption } from "../ui";

export function enumLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const options = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: enumLabel(value) }));

export const PERSONALITY_OPTIONS = options(PERSONALITIES);
export const EXPERTISE_OPTIONS = options(EXPERTISES);
export const VOICE_STYLE_OPTIONS = options(VOICE_STYLES);
