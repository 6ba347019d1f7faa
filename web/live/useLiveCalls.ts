// The signed-in user's live calls (their own calls in progress and the ones they were invited to),
// kept current by the change feed: a call appears when it starts or the user is invited, and
// disappears when it ends.
import type { LiveCallList } from "../../protocol/live";
import { useFeedResource } from "../lib/useFeedResource";

export function useLiveCalls() {
  const { state, reload, refresh } = useFeedResource<LiveCallList>(
    "/api/live-calls",
    (signal) => signal.type === "live_call_started" || signal.type === "live_call_ended" || signal.type === "feed_connected",
  );
  return { state, reload, refresh };
}
