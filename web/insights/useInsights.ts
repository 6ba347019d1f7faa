// Loads GET /api/insights for a period and Echo; reloads quietly when a call changes. Of overlapping
// loads each answer newer than the one shown counts (LoadOrder): a feed signal during the first load
// does not throw its answer away, and another period or Echo makes every earlier load out of date.
import { useCallback, useEffect, useRef, useState } from "react";
import type { InsightPeriod, InsightsView } from "../../protocol/insights";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { LoadOrder } from "../lib/loadOrder";

export type InsightsState = { status: "loading" } | { status: "error" } | { status: "ready"; view: InsightsView };

export function useInsights(period: InsightPeriod, echoId: string): { state: InsightsState; reload: () => void } {
  const [state, setState] = useState<InsightsState>({ status: "loading" });
  const order = useRef(new LoadOrder()).current;
  const load = useCallback(
    async (quiet: boolean) => {
      const mine = order.start();
      if (!quiet) setState({ status: "loading" });
      const q = new URLSearchParams({ period });
      if (echoId) q.set("echoId", echoId);
      try {
        const view = await api<InsightsView>(`/api/insights?${q}`);
        if (order.accept(mine)) setState({ status: "ready", view });
      } catch {
        // A quiet refresh keeps the figures shown; with none shown yet, its error is shown (Try again).
        if (order.failed(mine)) setState((s) => (quiet && s.status === "ready" ? s : { status: "error" }));
      }
    },
    [period, echoId, order],
  );
  useEffect(() => {
    order.reset(); // another period's or Echo's answers are out of date
    void load(false);
  }, [load, order]);
  useFeed((signal) => {
    if (signal.type === "call_changed" || signal.type === "feed_connected") void load(true);
  });
  return { state, reload: () => void load(false) };
}
