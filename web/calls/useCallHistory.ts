// The user's call history, a page at a time ("Load more"), refreshed by the change feed (the list's
// states: callHistoryState.ts).
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { CallType } from "../../protocol/call";
import type { CallListPage } from "../../protocol/calls";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { callHistoryReducer } from "./callHistoryState";

export const PAGE_SIZE = 20;

function listUrl(callType: CallType | "", cursor: string | null): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (callType) q.set("callType", callType);
  if (cursor) q.set("cursor", cursor);
  return `/api/calls?${q}`;
}

export function useCallHistory(callType: CallType | "") {
  const [state, dispatch] = useReducer(callHistoryReducer, { status: "loading" });
  /** Answers of first-page loads older than the newest are dropped. */
  const generation = useRef(0);
  /** Bumped by a new list (another filter, a reload): a Load more started before it answers stale. */
  const listId = useRef(0);

  const loadFirst = useCallback(
    async (quiet: boolean) => {
      const mine = ++generation.current;
      if (!quiet) {
        listId.current++;
        dispatch({ type: "loading" });
      }
      try {
        const page = await api<CallListPage>(listUrl(callType, null));
        if (mine === generation.current) dispatch({ type: "first-page", page, quiet });
      } catch {
        if (mine === generation.current && !quiet) dispatch({ type: "failed" });
      }
    },
    [callType],
  );

  useEffect(() => {
    void loadFirst(false);
  }, [loadFirst]);

  const loadMore = useCallback(async () => {
    if (state.status !== "ready" || !state.nextCursor || state.loadingMore) return;
    const list = listId.current;
    dispatch({ type: "more-started" });
    try {
      const page = await api<CallListPage>(listUrl(callType, state.nextCursor));
      if (list === listId.current) dispatch({ type: "more-page", page });
    } catch {
      if (list === listId.current) dispatch({ type: "more-failed" });
    }
  }, [state, callType]);

  useFeed((signal) => {
    // A live call that starts or ends is a new or finished row here; reconnecting may have missed some.
    if (signal.type !== "echo_changed") void loadFirst(true);
  });

  return { state, reload: () => void loadFirst(false), loadMore };
}
