// All of the signed-in user's Echoes (newest updated first), kept fresh by the change feed.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Echo, EchoList } from "../../protocol/echo";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { upsertEcho } from "./echoList";

export type EchoesState = { status: "loading" } | { status: "error" } | { status: "ready"; echoes: Echo[] };

export function useEchoes(): { state: EchoesState; reload: () => void; put: (echo: Echo) => void } {
  const [state, setState] = useState<EchoesState>({ status: "loading" });
  const request = useRef(0);

  const load = useCallback(async (quiet: boolean) => {
    const mine = ++request.current;
    if (!quiet) setState({ status: "loading" });
    try {
      const { echoes } = await api<EchoList>("/api/echoes");
      if (mine === request.current) setState({ status: "ready", echoes });
    } catch {
      // A quiet refresh that fails keeps what is on screen; the next event retries.
      if (mine === request.current && !quiet) setState({ status: "error" });
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  useFeed((signal) => {
    // A finished call changes its Echo's total calls too.
    if (signal.type === "echo_changed" || signal.type === "call_changed" || signal.type === "feed_reconnected") void load(true);
  });

  const put = useCallback((echo: Echo) => {
    setState((s) => (s.status === "ready" ? { status: "ready", echoes: upsertEcho(s.echoes, echo) } : s));
  }, []);

  return { state, reload: () => void load(false), put };
}
