// The owner's time zone defaults to the browser's: on the dashboard's first load it is sent once, and
// kept only when none is set yet (ifUnset), so a zone chosen on Settings is never overwritten.
import { useEffect } from "react";
import type { TimeZoneSetting } from "../../protocol/time-zone";
import { api } from "../lib/api";

export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Sends the browser's zone once per signed-in user and page load (a failure is retried on the next load). */
export function useBrowserTimeZone(userId: string): void {
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone) return;
    const controller = new AbortController();
    api<TimeZoneSetting>("/api/profile/time-zone", { method: "PUT", body: { timeZone: zone, ifUnset: true }, signal: controller.signal }).catch(() => {
      /* not essential: the next load tries again, and Settings shows what is set */
    });
    return () => controller.abort();
  }, [userId]);
}
