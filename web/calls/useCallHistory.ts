// The user's call history that passes the filters (done by the server: historyFilters.ts), a page at a
// time ("Load more"), refreshed by the change feed (the list's states: callHistoryState.ts).
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { CallListPage } from "../../protocol/call-history";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { LoadOrder } from "../lib/loadOrder";
import { callHistoryReducer } from "./callHistoryState";
import { type HistoryFilters, listUrl } from "./history/historyFilters";

export const PAGE_SIZE = 20;

/** `enabled` false (filters that can't be asked for, e.g. a range ending before it starts): nothing loads. */
export function useCallHistory(filters: HistoryFilters, enabled = true) {
  /** The first page's address stands for the filters (a new object with the same filters is the same list). */
  const firstUrl = listUrl(filters, PAGE_SIZE, null);
  const [state, dispatch] = useReducer(callHistoryReducer, { status: "loading" });
  /** Which first-page answers count when loads overlap (a feed signal during the first load). */
  const order = useRef(new LoadOrder()).current;
  /** Bumped by a new list (another filter, a reload): a Load more started before it answers stale. */
  const listId = useRef(0);

  const loadFirst = useCallback(
    async (quiet: boolean) => {
      const mine = order.start();
      if (!quiet) {
        listId.current++;
        dispatch({ type: "loading" });
      }
      try {
        const page = await api<CallListPage>(firstUrl);
        if (order.accept(mine)) dispatch({ type: "first-page", page, quiet });
      } catch {
        if (order.failed(mine)) dispatch({ type: "failed", quiet });
      }
    },
    [firstUrl, order],
  );

  useEffect(() => {
    order.reset(); // another filter's answers are out of date
    if (enabled) void loadFirst(false);
  }, [loadFirst, order, enabled]);

  const loadMore = useCallback(async () => {
    if (state.status !== "ready" || !state.nextCursor || state.loadingMore) return;
    const list = listId.current;
    dispatch({ type: "more-started" });
    try {
      const page = await api<CallListPage>(listUrl(filters, PAGE_SIZE, state.nextCursor));
      if (list === listId.current) dispatch({ type: "more-page", page });
    } catch {
      if (list === listId.current) dispatch({ type: "more-failed" });
    }
  }, [state, filters]);

  useFeed((signal) => {
    // A live call that starts or ends is a new or finished row here; reconnecting may have missed some.
    if (enabled && signal.type !== "echo_changed") void loadFirst(true);
  });

  return { state, reload: () => void loadFirst(false), loadMore };
}
