// When a callback may be scheduled (issue 42 §3): not in the past, not too far ahead, not in the
// owner's quiet hours unless the caller named the time, and at most DAILY_CALLBACK_CAP on the owner's
// local day. Pure: the caller passes the time, the zone and the day's count.
import { DAILY_CALLBACK_CAP, MAX_CALLBACK_AHEAD_MS, QUIET_HOURS, type CallbackProblem } from "../../protocol/callbacks";
import { localHour } from "../lib/zoned-time";

/** A time this close to now still counts as now (the caller said "in a minute"). */
export const PAST_GRACE_MS = 60_000;

/** True when `at` falls in the quiet hours (21:00–08:00) of `zone`. */
export function inQuietHours(at: number, zone: string): boolean {
  const hour = localHour(at, zone);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

export interface ScheduleCheck {
  dueAt: number;
  now: number;
  zone: string;
  callerNamedTime: boolean;
  /** Callbacks (not cancelled) already on dueAt's local day. */
  sameDayCount: number;
}

/** Why this callback can't be scheduled, or null when it can. */
export function scheduleProblem(check: ScheduleCheck): Exclude<CallbackProblem, "not-configured"> | null {
  if (!Number.isFinite(check.dueAt) || check.dueAt < check.now - PAST_GRACE_MS) return "past";
  if (check.dueAt > check.now + MAX_CALLBACK_AHEAD_MS) return "too-far";
  if (!check.callerNamedTime && inQuietHours(check.dueAt, check.zone)) return "quiet-hours";
  if (check.sameDayCount >= DAILY_CALLBACK_CAP) return "daily-cap";
  return null;
}
