// The signed-in user's active Echoes for the selector (GET /api/echoes?active=true).
import { useCallback, useEffect, useState } from "react";
import type { Echo, EchoList } from "../../protocol/echo";
import { api } from "../lib/api";

export type ActiveEchoes = { status: "loading" } | { status: "error" } | { status: "ready"; echoes: Echo[] };

export function useActiveEchoes(): { echoes: ActiveEchoes; reload: () => void } {
  const [echoes, setEchoes] = useState<ActiveEchoes>({ status: "loading" });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setEchoes({ status: "loading" });
    api<EchoList>("/api/echoes?active=true", { signal: abort.signal })
      .then((list) => setEchoes({ status: "ready", echoes: list.echoes.filter((e) => e.isActive) }))
      .catch(() => {
        if (!abort.signal.aborted) setEchoes({ status: "error" });
      });
    return () => abort.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { echoes, reload };
}
