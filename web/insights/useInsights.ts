// GET /api/insights for a period and Echo, reloaded quietly when a call changes (useFeedResource:
// of overlapping loads each answer newer than the one shown counts, and another period or Echo makes
// every earlier load out of date).
import { useMemo } from "react";
import type { InsightPeriod, InsightsView } from "../../protocol/insights";
import { useFeedResource } from "../lib/useFeedResource";

export type InsightsState = { status: "loading" } | { status: "error" } | { status: "ready"; view: InsightsView };

export function useInsights(period: InsightPeriod, echoId: string): { state: InsightsState; reload: () => void } {
  const q = new URLSearchParams({ period });
  if (echoId) q.set("echoId", echoId);
  const resource = useFeedResource<InsightsView>(`/api/insights?${q}`, (signal) => signal.type === "call_changed" || signal.type === "feed_connected");
  const loaded = resource.state;
  const state = useMemo<InsightsState>(() => {
    if (loaded.status !== "ready") return loaded;
    const { status: _ready, ...view } = loaded;
    return { status: "ready", view };
  }, [loaded]);
  return { state, reload: () => void resource.reload() };
}
