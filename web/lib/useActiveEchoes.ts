// The signed-in user's active Echoes (GET /api/echoes?active=true), kept current by the change feed
// (an Echo created, edited, activated or deactivated in another tab). The one hook for every Echo
// selector: the Test Call tab's picker and the Phone card's answering-Echo choice.
import { useMemo } from "react";
import type { EchoList } from "../../protocol/echo";
import { allEchoes } from "./echoPages";
import { type Loadable, useFeedResource } from "./useFeedResource";

export type ActiveEchoes = Loadable<EchoList>;

export function useActiveEchoes(): { echoes: ActiveEchoes; reload: () => void } {
  // A quiet refresh keeps showing the list; only a first load (or Try again after an error) spins.
  const { state, reload } = useFeedResource<EchoList>(
    "/api/echoes?active=true",
    (signal) => signal.type === "echo_changed" || signal.type === "feed_connected",
    allEchoes,
  );
  const echoes = useMemo<ActiveEchoes>(
    () => (state.status === "ready" ? { ...state, echoes: state.echoes.filter((e) => e.isActive) } : state),
    [state],
  );
  return { echoes, reload: () => void reload() };
}
