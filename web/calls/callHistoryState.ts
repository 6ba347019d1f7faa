// The Call History list as a pure state machine: the first page (loaded, or refreshed quietly by the
// change feed) and further pages ("Load more"). A quiet refresh keeps the pages below and a Load more
// under way: its page still lands (merging drops duplicates). Only a new list (another filter, a
// reload) makes a Load more's answer stale.
import type { CallListPage, CallSummary } from "../../protocol/call-history";
import { mergeCalls } from "./callList";

export type CallHistoryState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; calls: CallSummary[]; nextCursor: string | null; loadingMore: boolean; loadMoreFailed: boolean };

export type CallHistoryAction =
  | { type: "loading" }
  /** The newest first-page load failed: `quiet` (a refresh) keeps a list on screen. */
  | { type: "failed"; quiet: boolean }
  /** The first page: a new list, or (`quiet`) a refresh of the one shown. */
  | { type: "first-page"; page: CallListPage; quiet: boolean }
  | { type: "more-started" }
  | { type: "more-page"; page: CallListPage }
  | { type: "more-failed" };

export function callHistoryReducer(s: CallHistoryState, action: CallHistoryAction): CallHistoryState {
  switch (action.type) {
    case "loading":
      return { status: "loading" };
    case "failed":
      return action.quiet && s.status === "ready" ? s : { status: "error" };
    case "first-page": {
      const { page } = action;
      if (action.quiet && s.status === "ready") {
        // Keep pages already loaded below (a full reload would lose the reader's place) and a Load more under way.
        return { ...s, calls: mergeCalls(s.calls, page.calls, { firstPage: true, complete: page.nextCursor === null }), nextCursor: s.calls.length > page.calls.length ? s.nextCursor : page.nextCursor };
      }
      return { status: "ready", calls: page.calls, nextCursor: page.nextCursor, loadingMore: false, loadMoreFailed: false };
    }
    case "more-started":
      return s.status === "ready" ? { ...s, loadingMore: true, loadMoreFailed: false } : s;
    case "more-page":
      return s.status === "ready" ? { ...s, calls: mergeCalls(s.calls, action.page.calls), nextCursor: action.page.nextCursor, loadingMore: false } : s;
    case "more-failed":
      return s.status === "ready" ? { ...s, loadingMore: false, loadMoreFailed: true } : s;
  }
}
