// The "Safety alert" badge (issue 40 §4): on a call the safety net flagged (Call History, Call Details,
// Live Calls) and on the caller's entry that hit it, with the category in words (protocol/safety.ts).
import type { SafetyCategory } from "../../../protocol/safety";
import { SAFETY_CATEGORY_LABELS } from "../../../protocol/safety";
import { Badge } from "../Badge";

/** "Safety alert: Suicide or self-harm". */
export function safetyAlertLabel(category: SafetyCategory): string {
  return `Safety alert: ${SAFETY_CATEGORY_LABELS[category]}`;
}

export function SafetyBadge({ category }: { category: SafetyCategory }) {
  return (
    <Badge tone="danger" title="The safety net heard a risk in what the caller said; the Echo gave the help line first." className="safety-alert">
      <span aria-hidden="true">⚠</span>
      {safetyAlertLabel(category)}
    </Badge>
  );
}
