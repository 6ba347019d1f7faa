// The user's call history, a page at a time ("Load more"), refreshed by the change feed (the list's
// states: callHistoryState.ts). `safetyOnly`: only calls the safety net flagged (?safety=1).
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { CallType } from "../../protocol/call-messages";
import type { CallListPage } from "../../protocol/call-history";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { LoadOrder } from "../lib/loadOrder";
import { callHistoryReducer } from "./callHistoryState";

export const PAGE_SIZE = 20;

export function listUrl(callType: CallType | "", cursor: string | null, safetyOnly = false): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (callType) q.set("callType", callType);
  if (safetyOnly) q.set("safety", "1");
  if (cursor) q.set("cursor", cursor);
  return `/api/calls?${q}`;
}

export function useCallHistory(callType: CallType | "", safetyOnly = false) {
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
        const page = await api<CallListPage>(listUrl(callType, null, safetyOnly));
        if (order.accept(mine)) dispatch({ type: "first-page", page, quiet });
      } catch {
        if (order.failed(mine)) dispatch({ type: "failed", quiet });
      }
    },
    [callType, safetyOnly, order],
  );

  useEffect(() => {
    order.reset(); // another filter's answers are out of date
    void loadFirst(false);
  }, [loadFirst, order]);

  const loadMore = useCallback(async () => {
    if (state.status !== "ready" || !state.nextCursor || state.loadingMore) return;
    const list = listId.current;
    dispatch({ type: "more-started" });
    try {
      const page = await api<CallListPage>(listUrl(callType, state.nextCursor, safetyOnly));
      if (list === listId.current) dispatch({ type: "more-page", page });
    } catch {
      if (list === listId.current) dispatch({ type: "more-failed" });
    }
  }, [state, callType, safetyOnly]);

  useFeed((signal) => {
    // A live call that starts or ends is a new or finished row here; reconnecting may have missed some.
    if (signal.type !== "echo_changed") void loadFirst(true);
  });

  return { state, reload: () => void loadFirst(false), loadMore };
}
