// GET /api/config once for the whole SPA: the public phone number, whether Google sign-in is set up,
// and which AI provider answers (the dashboard shows when it runs offline).
import { type ReactNode, createContext, useCallback, useContext, useEffect, useState } from "react";
import type { PublicConfig } from "../../protocol/api";
import { ApiRequestError, api } from "../lib/api";

export type ConfigState =
  | { status: "loading" }
  | { status: "ready"; config: PublicConfig }
  | { status: "error"; message: string; retry: () => void };

const ConfigContext = createContext<ConfigState>({ status: "loading" });

export function PublicConfigProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConfigState>({ status: "loading" });
  const load = useCallback(() => {
    setState({ status: "loading" });
    api<PublicConfig>("/api/config")
      .then((config) => setState({ status: "ready", config }))
      .catch((err: unknown) =>
        setState({
          status: "error",
          message: err instanceof ApiRequestError ? err.message : "Could not load Echo's settings.",
          retry: load,
        }),
      );
  }, []);
  useEffect(load, [load]);
  return <ConfigContext value={state}>{children}</ConfigContext>;
}

export function usePublicConfig(): ConfigState {
  return useContext(ConfigContext);
}

/** The config once loaded, else null (for places that can render without it). */
export function useConfigOrNull(): PublicConfig | null {
  const state = useContext(ConfigContext);
  return state.status === "ready" ? state.config : null;
}
