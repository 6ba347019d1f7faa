// The safety net's categories (issue 40 §4): the risks every caller turn is checked for. The worker's
// check (worker/safety/) returns one of these; a transcript entry carries it (`safety`) and the
// dashboard shows it (badges, the "calls with safety alerts" filter), so the ids live here, once.
import { z } from "zod";

/** Most urgent first: when one turn hits several, the first in this list decides the message. */
export const SAFETY_CATEGORIES = ["medical_emergency", "self_harm", "harm_to_others", "abuse_at_home"] as const;
export const safetyCategorySchema = z.enum(SAFETY_CATEGORIES);
export type SafetyCategory = z.infer<typeof safetyCategorySchema>;

/** What the dashboard calls each category (badges, filters). */
export const SAFETY_CATEGORY_LABELS: Record<SafetyCategory, string> = {
  medical_emergency: "Medical emergency",
  self_harm: "Suicide or self-harm",
  harm_to_others: "Harm to others",
  abuse_at_home: "Abuse at home",
};
