// The user's call history, a page at a time ("Load more"), refreshed by the change feed.
import { useCallback, useEffect, useRef, useState } from "react";
import type { CallType } from "../../protocol/call";
import type { CallListPage, CallSummary } from "../../protocol/calls";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { mergeCalls } from "./callList";

export const PAGE_SIZE = 20;

export type CallHistoryState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; calls: CallSummary[]; nextCursor: string | null; loadingMore: boolean; loadMoreFailed: boolean };

function listUrl(callType: CallType | "", cursor: string | null): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (callType) q.set("callType", callType);
  if (cursor) q.set("cursor", cursor);
  return `/api/calls?${q}`;
}

export function useCallHistory(callType: CallType | "") {
  const [state, setState] = useState<CallHistoryState>({ status: "loading" });
  const generation = useRef(0);

  const loadFirst = useCallback(
    async (quiet: boolean) => {
      const mine = ++generation.current;
      if (!quiet) setState({ status: "loading" });
      try {
        const page = await api<CallListPage>(listUrl(callType, null));
        if (mine !== generation.current) return;
        setState((s) =>
          quiet && s.status === "ready"
            ? // Keep pages already loaded below; a full reload would lose the reader's place.
              { ...s, calls: mergeCalls(s.calls, page.calls), nextCursor: s.calls.length > page.calls.length ? s.nextCursor : page.nextCursor }
            : { status: "ready", calls: page.calls, nextCursor: page.nextCursor, loadingMore: false, loadMoreFailed: false },
        );
      } catch {
        if (mine === generation.current && !quiet) setState({ status: "error" });
      }
    },
    [callType],
  );

  useEffect(() => {
    void loadFirst(false);
  }, [loadFirst]);

  const loadMore = useCallback(async () => {
    if (state.status !== "ready" || !state.nextCursor || state.loadingMore) return;
    const mine = generation.current;
    setState({ ...state, loadingMore: true, loadMoreFailed: false });
    try {
      const page = await api<CallListPage>(listUrl(callType, state.nextCursor));
      if (mine !== generation.current) return;
      setState((s) =>
        s.status === "ready" ? { ...s, calls: mergeCalls(s.calls, page.calls), nextCursor: page.nextCursor, loadingMore: false } : s,
      );
    } catch {
      setState((s) => (s.status === "ready" ? { ...s, loadingMore: false, loadMoreFailed: true } : s));
    }
  }, [state, callType]);

  useFeed((signal) => {
    // A live call that starts or ends is a new or finished row here; reconnecting may have missed some.
    if (signal.type !== "echo_changed") void loadFirst(true);
  });

  return { state, reload: () => void loadFirst(false), loadMore };
}
