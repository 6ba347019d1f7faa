// Loads GET /api/insights for a period and Echo; reloads quietly when a call changes. Only the latest
// load may land: each one cancels the one before, so an older answer (another period or Echo, or a
// refresh overtaken by a filter change) never replaces a newer one.
import { useCallback, useEffect, useRef, useState } from "react";
import type { InsightPeriod, InsightsView } from "../../protocol/insights";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";

export type InsightsState = { status: "loading" } | { status: "error" } | { status: "ready"; view: InsightsView };

export function useInsights(period: InsightPeriod, echoId: string): { state: InsightsState; reload: () => void } {
  const [state, setState] = useState<InsightsState>({ status: "loading" });
  const latest = useRef<AbortController | null>(null);
  const load = useCallback(
    async (quiet: boolean) => {
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      if (!quiet) setState({ status: "loading" });
      const q = new URLSearchParams({ period });
      if (echoId) q.set("echoId", echoId);
      try {
        const view = await api<InsightsView>(`/api/insights?${q}`, { signal: controller.signal });
        if (!controller.signal.aborted) setState({ status: "ready", view });
      } catch (err) {
        if (controller.signal.aborted || (err instanceof DOMException && err.name === "AbortError")) return;
        // A quiet refresh keeps the figures shown; one that cancelled a load still "loading" shows its error.
        setState((s) => (quiet && s.status !== "loading" ? s : { status: "error" }));
      }
    },
    [period, echoId],
  );
  useEffect(() => {
    void load(false);
    return () => latest.current?.abort();
  }, [load]);
  useFeed((signal) => {
    if (signal.type === "call_changed" || signal.type === "feed_connected") void load(true);
  });
  return { state, reload: () => void load(false) };
}
