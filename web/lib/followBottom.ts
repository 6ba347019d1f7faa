// A scrolling list that follows what is added at its end (a live transcript): it stays at the bottom
// as entries arrive, unless the reader scrolled up to read an earlier one; scrolling back down to
// (near) the bottom follows again.
//
// Whether the reader "was at the bottom" is measured when new content arrives, against the height the
// content had before it (not remembered from the last scroll event: scroll events come a frame late,
// and one from the middle of a smooth scroll to the end would leave the list not following).
import { type DependencyList, type RefObject, useLayoutEffect, useRef } from "react";

/** Within this distance of the bottom, the list keeps following new entries. */
export const FOLLOW_SLACK_PX = 48;

type Box = Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">;

/** True when `el` is scrolled to within `slack` px of its bottom. */
export function isNearBottom(el: Box, slack = FOLLOW_SLACK_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < slack;
}

/**
 * True when new content should pull `el` to its bottom: the first time it is shown, or when the reader
 * was near the bottom of the content as it was before (`heightBefore`, its scrollHeight then).
 */
export function shouldFollow(el: Box, heightBefore: number | null): boolean {
  return heightBefore === null || isNearBottom({ scrollHeight: heightBefore, scrollTop: el.scrollTop, clientHeight: el.clientHeight });
}

/**
 * Put `ref` on the scrolling element; whenever `deps` change (new entries), it scrolls to the bottom
 * if the reader was there.
 */
export function useFollowBottom<T extends HTMLElement>(deps: DependencyList): { ref: RefObject<T | null> } {
  const ref = useRef<T>(null);
  const seen = useRef<{ el: T; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = seen.current?.el === el ? seen.current.height : null;
    if (shouldFollow(el, before)) el.scrollTop = el.scrollHeight;
    seen.current = { el, height: el.scrollHeight };
  }, deps); // the caller's deps say when the content changed
  return { ref };
}
