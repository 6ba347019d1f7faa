// One name and one colour per emotion, the same everywhere (a call's emotion plot, the Insights emotion
// mix, the chips). The colours are told apart in normal vision and with red-green colour blindness
// (deuteranopia, protanopia), and each has at least 3:1 contrast on white, as WCAG asks of chart marks:
// test/web/lib/emotion-colors.test.ts checks both. (Anger and surprise used to be two close pinks.)
import type { EmotionName } from "../../protocol/call-messages";

export const EMOTION_COLORS: Record<EmotionName, string> = {
  joy: "#ea580c",
  sadness: "#075985",
  anger: "#991b1b",
  fear: "#5b21b6",
  surprise: "#d946ef",
  calm: "#0d9488",
};

/** An emotion's display name, as the chips and the call plot show it: "Joy", "Sadness", …. */
export function emotionLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
