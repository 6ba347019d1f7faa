// The signed-in user's live calls (their own calls in progress and the ones they were invited to),
// kept current by the change feed: a call appears when it starts or the user is invited, and
// disappears when it ends.
import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveCallList, LiveCallSummary } from "../../protocol/live";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";

export type LiveCallsState = { status: "loading" } | { status: "error" } | { status: "ready"; calls: LiveCallSummary[] };

export function useLiveCalls() {
  const [state, setState] = useState<LiveCallsState>({ status: "loading" });
  const generation = useRef(0);

  const load = useCallback(async (quiet: boolean) => {
    const mine = ++generation.current;
    if (!quiet) setState({ status: "loading" });
    try {
      const { calls } = await api<LiveCallList>("/api/live-calls");
      if (mine === generation.current) setState({ status: "ready", calls });
    } catch {
      if (mine === generation.current) setState((s) => (quiet && s.status === "ready" ? s : { status: "error" }));
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  useFeed((signal) => {
    if (signal.type === "live_call_started" || signal.type === "live_call_ended" || signal.type === "feed_reconnected") void load(true);
  });

  return { state, reload: () => load(false), refresh: () => load(true) };
}
