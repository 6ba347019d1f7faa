// When the caller wants a callback, read from their own words ("tomorrow at 8", "in two hours",
// "Friday at 6 pm") in the owner's time zone, and said back the way a person would ("tomorrow at
// 8:00"). chrono-node reads the words against the wall clock of that zone; the wall-clock time it finds
// is turned into an instant in the zone itself, so a date across a daylight-saving change is still right.
// Words with no time in them, a day that doesn't exist ("next Blursday"), a day without an hour, or a
// time that has passed are answered with a reason, never a guess. Pure: `now` is given.
import * as chrono from "chrono-node";
import { type WallClock, offsetMinutes, wallClock, zoneOrUtc, zonedTime } from "../../lib/zoned-time";

export { zoneOrUtc };

export type WhenReading =
  | { ok: true; at: number }
  /** missing: no time at all; unknown: `words` sound like a time we can't read; no_hour: a day without a time of day; past: already gone. */
  | { ok: false; problem: "missing" | "unknown" | "no_hour" | "past"; words: string };

const TIME_ISH = /\b(?:next|this|on|at|by|in|until|coming)\s+[a-z0-9:]+(?:\s*(?:am|pm|[a-z]+day))?/i;

/** Reads the time in `words` (the first one chrono finds) in `timeZone` at `now`. */
export function readWhen(words: string, now: number, timeZone: string | undefined): WhenReading {
  const zone = zoneOrUtc(timeZone);
  const text = words.trim();
  if (!text) return { ok: false, problem: "missing", words: "" };
  const found = chrono.parse(text, { instant: new Date(now), timezone: offsetMinutes(now, zone) }, { forwardDate: true })[0];
  if (!found) {
    const timeish = TIME_ISH.exec(text)?.[0];
    return timeish ? { ok: false, problem: "unknown", words: timeish } : { ok: false, problem: "missing", words: "" };
  }
  const start = found.start;
  if (!start.isCertain("hour")) return { ok: false, problem: "no_hour", words: found.text };
  const at = zonedTime(start.get("year") ?? 1970, start.get("month") ?? 1, start.get("day") ?? 1, start.get("hour") ?? 0, start.get("minute") ?? 0, zone);
  if (at <= now) return { ok: false, problem: "past", words: found.text };
  return { ok: true, at };
}

const clockTime = (w: WallClock) => `${w.hour}:${String(w.minute).padStart(2, "0")}`;

/** "today at 19:30", "tomorrow at 8:00", "on Friday at 8:00", "on Friday 18 December at 8:00". */
export function spokenWhen(at: number, now: number, timeZone: string | undefined): string {
  const zone = zoneOrUtc(timeZone);
  const then = wallClock(at, zone);
  const today = wallClock(now, zone);
  const days = Math.round((Date.UTC(then.year, then.month - 1, then.day) - Date.UTC(today.year, today.month - 1, today.day)) / 86_400_000);
  if (days === 0) return `today at ${clockTime(then)}`;
  if (days === 1) return `tomorrow at ${clockTime(then)}`;
  if (days > 1 && days < 7) return `on ${then.weekday} at ${clockTime(then)}`;
  const date = new Intl.DateTimeFormat("en-GB", { timeZone: zone, day: "numeric", month: "long" }).format(new Date(at));
  return `on ${then.weekday} ${date} at ${clockTime(then)}`;
}

/** For the transcript's action line: "Wed 2 Dec, 08:00 (Europe/Berlin)". */
export function shownWhen(at: number, timeZone: string | undefined): string {
  const zone = zoneOrUtc(timeZone);
  const text = new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(at));
  return `${text} (${zone})`;
}
