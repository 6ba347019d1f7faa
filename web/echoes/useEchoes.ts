// All of the signed-in user's Echoes (newest updated first), kept fresh by the change feed.
import { useCallback } from "react";
import type { Echo, EchoList } from "../../protocol/echo";
import { allEchoes } from "../lib/echoPages";
import { type Loadable, useFeedResource } from "../lib/useFeedResource";
import { upsertEcho } from "./echoList";

export type EchoesState = Loadable<EchoList>;

export function useEchoes(): { state: EchoesState; reload: () => void; put: (echo: Echo) => void } {
  // A finished call changes its Echo's total calls too.
  const { state, setState, reload, changedHere } = useFeedResource<EchoList>(
    "/api/echoes",
    (signal) => signal.type === "echo_changed" || signal.type === "call_changed" || signal.type === "feed_connected",
    allEchoes,
  );

  const put = useCallback(
    (echo: Echo) => {
      if (state.status !== "ready") return; // nothing shown yet: the save's feed signal loads the list again
      // A refresh on its way read the list before this save: its answer would undo it on screen.
      changedHere();
      setState((s) => (s.status === "ready" ? { ...s, echoes: upsertEcho(s.echoes, echo) } : s));
    },
    [state.status, setState, changedHere],
  );

  return { state, reload: () => void reload(), put };
}
