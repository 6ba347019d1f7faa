// One GET resource of the dashboard (a list), loaded once and kept fresh by the change feed.
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api";
import { type FeedSignal, useFeed } from "./feed";
import { LoadOrder } from "./loadOrder";

/** Loading, failed, or ready with the response body's fields. */
export type Loadable<T extends object> = { status: "loading" } | { status: "error" } | ({ status: "ready" } & T);

export interface FeedResource<T extends object> {
  state: Loadable<T>;
  setState: Dispatch<SetStateAction<Loadable<T>>>;
  /** Shows the spinner and loads again (Try again). */
  reload: () => Promise<void>;
  /** Loads again in the background, keeping what is on screen if that fails. */
  refresh: () => Promise<void>;
  /**
   * Say so before showing a change made on this page (`setState`): answers of loads started before it
   * are dropped, as they may hold the resource from before the change, and it loads again quietly
   * (what those loads would have brought besides, e.g. another tab's edit).
   */
  changedHere: () => void;
}

function defaultGet<T>(path: string): Promise<T> {
  return api<T>(path);
}

/**
 * GETs `path` and reloads it quietly on the feed signals `refreshOn` accepts. Of overlapping requests,
 * each answer newer than the one shown counts (LoadOrder); a quiet refresh that fails keeps a ready
 * list (the next event retries).
 */
export function useFeedResource<T extends object>(
  path: string,
  refreshOn: (signal: FeedSignal) => boolean,
  /** How `path` is loaded (default: one GET); a stable function, e.g. one that follows a paged list's pages. */
  get: (path: string) => Promise<T> = defaultGet,
): FeedResource<T> {
  const [state, setState] = useState<Loadable<T>>({ status: "loading" });
  const order = useRef(new LoadOrder()).current;

  const load = useCallback(
    async (quiet: boolean) => {
      const mine = order.start();
      if (!quiet) setState({ status: "loading" });
      try {
        const body = await get(path);
        if (order.accept(mine)) setState({ ...body, status: "ready" });
      } catch {
        if (order.failed(mine)) setState((s) => (quiet && s.status === "ready" ? s : { status: "error" }));
      }
    },
    [path, order, get],
  );

  useEffect(() => {
    order.reset(); // another path's answers are out of date
    void load(false);
  }, [load, order]);

  useFeed((signal) => {
    if (refreshOn(signal)) void load(true);
  });

  const changedHere = useCallback(() => {
    order.reset();
    void load(true);
  }, [order, load]);
  return { state, setState, reload: () => load(false), refresh: () => load(true), changedHere };
}
