// One colour per emotion, the same in every chart (a call's emotion plot, the Insights emotion mix).
import type { EmotionName } from "../../protocol/call-messages";

export const EMOTION_COLORS: Record<EmotionName, string> = {
  joy: "#d97706",
  sadness: "#2563eb",
  anger: "#e11d48",
  fear: "#7c3aed",
  surprise: "#db2777",
  calm: "#059669",
};
