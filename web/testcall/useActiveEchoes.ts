// The signed-in user's active Echoes for the selector (GET /api/echoes?active=true), kept current
// by the change feed (an Echo created, edited, activated or deactivated in another tab).
import { useCallback, useEffect, useState } from "react";
import type { Echo, EchoList } from "../../protocol/echo";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";

export type ActiveEchoes = { status: "loading" } | { status: "error" } | { status: "ready"; echoes: Echo[] };

export function useActiveEchoes(): { echoes: ActiveEchoes; reload: () => void } {
  const [echoes, setEchoes] = useState<ActiveEchoes>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useFeed((signal) => {
    if (signal.type === "echo_changed" || signal.type === "feed_reconnected") reload();
  });

  useEffect(() => {
    const abort = new AbortController();
    // Keep showing the list while refreshing it; only a first load (or a retry after an error) spins.
    setEchoes((prev) => (prev.status === "ready" ? prev : { status: "loading" }));
    api<EchoList>("/api/echoes?active=true", { signal: abort.signal })
      .then((list) => setEchoes({ status: "ready", echoes: list.echoes.filter((e) => e.isActive) }))
      .catch(() => {
        if (!abort.signal.aborted) setEchoes({ status: "error" });
      });
    return () => abort.abort();
  }, [version]);

  return { echoes, reload };
}
