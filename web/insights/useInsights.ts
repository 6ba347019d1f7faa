// Loads GET /api/insights for a period and Echo; reloads quietly when a call changes.
import { useCallback, useEffect, useState } from "react";
import type { InsightPeriod, InsightsView } from "../../protocol/insights";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";

export type InsightsState = { status: "loading" } | { status: "error" } | { status: "ready"; view: InsightsView };

export function useInsights(period: InsightPeriod, echoId: string): { state: InsightsState; reload: () => void } {
  const [state, setState] = useState<InsightsState>({ status: "loading" });
  const load = useCallback(
    async (quiet: boolean, signal?: AbortSignal) => {
      if (!quiet) setState({ status: "loading" });
      const q = new URLSearchParams({ period });
      if (echoId) q.set("echoId", echoId);
      try {
        setState({ status: "ready", view: await api<InsightsView>(`/api/insights?${q}`, { signal }) });
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
        if (!quiet) setState({ status: "error" });
      }
    },
    [period, echoId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(false, controller.signal);
    return () => controller.abort();
  }, [load]);
  useFeed((signal) => {
    if (signal.type === "call_changed" || signal.type === "feed_reconnected") void load(true);
  });
  return { state, reload: () => void load(false) };
}
