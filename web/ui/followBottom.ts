// A scrolling list that follows what is added at its end (a live transcript): it stays at the bottom
// as entries arrive, unless the reader scrolled up to read an earlier one; scrolling back down to
// (near) the bottom follows again.
import { type DependencyList, type RefObject, type UIEvent, useCallback, useEffect, useRef } from "react";

/** Within this distance of the bottom, the list keeps following new entries. */
export const FOLLOW_SLACK_PX = 48;

/** True when `el` is scrolled to within `slack` px of its bottom. */
export function isNearBottom(el: Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">, slack = FOLLOW_SLACK_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < slack;
}

/**
 * Put `ref` and `onScroll` on the scrolling element; whenever `deps` change (new entries), it scrolls
 * to the bottom if the reader was there.
 */
export function useFollowBottom<T extends HTMLElement>(deps: DependencyList): { ref: RefObject<T | null>; onScroll: (e: UIEvent<T>) => void } {
  const ref = useRef<T>(null);
  const following = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, deps); // the caller's deps say when the content changed
  const onScroll = useCallback((e: UIEvent<T>) => {
    following.current = isNearBottom(e.currentTarget);
  }, []);
  return { ref, onScroll };
}
