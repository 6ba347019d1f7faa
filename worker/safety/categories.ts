// The safety categories as the worker uses them: the ids and their order of urgency come from
// protocol/safety.ts (shared with the dashboard); this file adds what the model is told each one means
// (worker/safety/resources.ts safetyInstruction) and the urgency ordering of a turn's hits.
import { SAFETY_CATEGORIES, type SafetyCategory } from "../../protocol/safety";

export { SAFETY_CATEGORIES, type SafetyCategory };

/** How the reply model is told what was detected (never the caller's words). */
export const CATEGORY_DESCRIPTIONS: Record<SafetyCategory, string> = {
  medical_emergency: "a possible medical emergency",
  self_harm: "thoughts of suicide or self-harm (their own or someone else's)",
  harm_to_others: "a risk that someone may hurt another person",
  abuse_at_home: "violence or abuse at home",
};

/** The distinct categories of `hits`, most urgent first (the order of SAFETY_CATEGORIES). */
export function byUrgency(hits: Iterable<SafetyCategory>): SafetyCategory[] {
  const seen = new Set(hits);
  return SAFETY_CATEGORIES.filter((c) => seen.has(c));
}
