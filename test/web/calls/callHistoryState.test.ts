// The Call History list's states (web/calls/callHistoryState.ts): pages, quiet refreshes by the change
// feed, and Load more — which a refresh arriving meanwhile must not strand.
import { describe, expect, it } from "vitest";
import type { CallListPage } from "../../../protocol/call-history";
import { type CallHistoryAction, callHistoryReducer, type CallHistoryState } from "../../../web/calls/callHistoryState";
import { callSummary } from "../support/calls";

const call = callSummary;
const page = (ids: number[], nextCursor: string | null): CallListPage => ({ calls: ids.map((n) => call(`c${n}`, n)), nextCursor });
const run = (...actions: CallHistoryAction[]): CallHistoryState => actions.reduce(callHistoryReducer, { status: "loading" } as CallHistoryState);
const ids = (s: CallHistoryState) => (s.status === "ready" ? s.calls.map((c) => c.id) : []);

describe("call history list", () => {
  it("loads a first page, then the next one with Load more", () => {
    const s = run({ type: "first-page", page: page([9, 8], "k1"), quiet: false }, { type: "more-started" }, { type: "more-page", page: page([7, 6], null) });
    expect(ids(s)).toEqual(["c9", "c8", "c7", "c6"]);
    expect(s).toMatchObject({ nextCursor: null, loadingMore: false, loadMoreFailed: false });
  });

  it("a quiet refresh while Load more is under way keeps it going; its page still lands and the spinner stops", () => {
    const during = run({ type: "first-page", page: page([9, 8], "k1"), quiet: false }, { type: "more-started" }, { type: "first-page", page: page([10, 9], "k0"), quiet: true });
    expect(during).toMatchObject({ loadingMore: true }); // still under way: the button keeps its spinner
    expect(ids(during)).toEqual(["c10", "c9", "c8"]);
    const after = callHistoryReducer(during, { type: "more-page", page: page([8, 7], "k2") });
    expect(ids(after)).toEqual(["c10", "c9", "c8", "c7"]);
    expect(after).toMatchObject({ loadingMore: false, nextCursor: "k2" });
  });

  it("a quiet refresh drops a call deleted meanwhile from the range it covers, and keeps the older pages", () => {
    const shown = run({ type: "first-page", page: page([9, 8, 7], "k1"), quiet: false }, { type: "more-started" }, { type: "more-page", page: page([6, 5], null) });
    // c8 was deleted: the refreshed first page (down to c6) no longer has it; c5, below that page, stays.
    const after = callHistoryReducer(shown, { type: "first-page", page: page([9, 7, 6], "k2"), quiet: true });
    expect(ids(after)).toEqual(["c9", "c7", "c6", "c5"]);
    // A refresh that is the whole list: anything it lacks is gone.
    expect(ids(callHistoryReducer(after, { type: "first-page", page: page([9], null), quiet: true }))).toEqual(["c9"]);
  });

  it("a failed Load more says so and can be tried again; a new list starts clean", () => {
    const failed = run({ type: "first-page", page: page([9], "k1"), quiet: false }, { type: "more-started" }, { type: "more-failed" });
    expect(failed).toMatchObject({ loadingMore: false, loadMoreFailed: true });
    expect(callHistoryReducer(failed, { type: "more-started" })).toMatchObject({ loadingMore: true, loadMoreFailed: false });
    const fresh = callHistoryReducer(callHistoryReducer(failed, { type: "loading" }), { type: "first-page", page: page([5], null), quiet: false });
    expect(fresh).toEqual({ status: "ready", calls: [call("c5", 5)], nextCursor: null, loadingMore: false, loadMoreFailed: false });
  });

  it("a quiet refresh of a list not shown yet (loading, or failed) shows its page", () => {
    expect(ids(run({ type: "first-page", page: page([3], null), quiet: true }))).toEqual(["c3"]);
    expect(run({ type: "failed", quiet: false })).toEqual({ status: "error" });
  });

  it("a failed quiet refresh keeps the list on screen; with nothing shown yet it is an error (Try again)", () => {
    const shown = run({ type: "first-page", page: page([9, 8], "k1"), quiet: false });
    expect(callHistoryReducer(shown, { type: "failed", quiet: true })).toBe(shown);
    expect(run({ type: "failed", quiet: true })).toEqual({ status: "error" });
    expect(callHistoryReducer(shown, { type: "failed", quiet: false })).toEqual({ status: "error" });
  });
});
