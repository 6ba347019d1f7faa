// One GET resource of the dashboard (a list), loaded once and kept fresh by the change feed.
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api";
import { type FeedSignal, useFeed } from "./feed";

/** Loading, failed, or ready with the response body's fields. */
export type Loadable<T extends object> = { status: "loading" } | { status: "error" } | ({ status: "ready" } & T);

export interface FeedResource<T extends object> {
  state: Loadable<T>;
  setState: Dispatch<SetStateAction<Loadable<T>>>;
  /** Shows the spinner and loads again (Try again). */
  reload: () => Promise<void>;
  /** Loads again in the background, keeping what is on screen if that fails. */
  refresh: () => Promise<void>;
}

/**
 * GETs `path` and reloads it quietly on the feed signals `refreshOn` accepts. Only the newest
 * request's answer counts; a quiet refresh that fails keeps a ready list (the next event retries).
 */
export function useFeedResource<T extends object>(path: string, refreshOn: (signal: FeedSignal) => boolean): FeedResource<T> {
  const [state, setState] = useState<Loadable<T>>({ status: "loading" });
  const generation = useRef(0);

  const load = useCallback(
    async (quiet: boolean) => {
      const mine = ++generation.current;
      if (!quiet) setState({ status: "loading" });
      try {
        const body = await api<T>(path);
        if (mine === generation.current) setState({ ...body, status: "ready" });
      } catch {
        if (mine === generation.current) setState((s) => (quiet && s.status === "ready" ? s : { status: "error" }));
      }
    },
    [path],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  useFeed((signal) => {
    if (refreshOn(signal)) void load(true);
  });

  return { state, setState, reload: () => load(false), refresh: () => load(true) };
}
