// Pure helpers for the Call History list.
import type { CallSummary } from "../../protocol/call-history";
import type { BadgeTone } from "../ui";

/** Newest start first, ties by id (the API's order). */
function byNewest(a: CallSummary, b: CallSummary): number {
  return b.startTime - a.startTime || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * Merges a freshly fetched first page into what is on screen: fresh copies replace old ones, new
 * calls appear in order, and older pages already loaded stay. A fresh first page (`firstPage`) is the
 * truth from the newest call down to its oldest (to the end when `complete`: it is the whole list): a
 * call shown in that range that it lacks was deleted, and goes.
 */
export function mergeCalls(current: CallSummary[], fresh: CallSummary[], opts: { firstPage?: boolean; complete?: boolean } = {}): CallSummary[] {
  const freshIds = new Set(fresh.map((c) => c.id));
  const oldest = fresh[fresh.length - 1];
  const inRange = (c: CallSummary) => opts.complete === true || (oldest !== undefined && byNewest(c, oldest) < 0);
  const gone = (c: CallSummary) => opts.firstPage === true && !freshIds.has(c.id) && inRange(c);
  const byId = new Map(current.filter((c) => !gone(c)).map((c) => [c.id, c]));
  for (const c of fresh) byId.set(c.id, c);
  return [...byId.values()].sort(byNewest);
}

/** Badge colour for a stored status (shown as stored, spec §4). */
export function statusTone(status: string): BadgeTone {
  const s = status.toLowerCase();
  if (s === "completed") return "success";
  if (s === "in-progress" || s === "in_progress" || s === "live") return "live";
  if (s === "failed" || s === "error") return "danger";
  if (s === "abandoned" || s === "no-answer" || s === "busy" || s === "canceled") return "warning";
  return "neutral";
}
