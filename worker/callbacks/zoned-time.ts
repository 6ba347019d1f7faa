// Wall-clock time in an IANA time zone, with Intl only (no library): the local hour of an instant and
// the bounds of its local calendar day. Pure.

/** A usable IANA zone name, else null ("UTC" is one). */
export function validTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(at: number, zone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** Offset of `zone` from UTC at `at`, in ms (positive east of Greenwich). */
function offsetMs(at: number, zone: string): number {
  const w = wallClock(at, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** The local hour (0–23) of `at` in `zone`. */
export function localHour(at: number, zone: string): number {
  return wallClock(at, zone).hour;
}

/** [start, end) of the local calendar day containing `at` in `zone`, as epoch ms. */
export function localDayBounds(at: number, zone: string): { start: number; end: number } {
  const w = wallClock(at, zone);
  const midnightUtc = Date.UTC(w.year, w.month - 1, w.day);
  const start = midnightUtc - offsetMs(midnightUtc - offsetMs(at, zone), zone);
  const nextUtc = Date.UTC(w.year, w.month - 1, w.day + 1);
  const end = nextUtc - offsetMs(nextUtc - offsetMs(at, zone), zone);
  return { start, end };
}

/** "Wednesday 8:00 am" style words for `at` in `zone` (what the Echo and the dashboard say). */
export function spokenWhen(at: number, zone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "long", hour: "numeric", minute: "2-digit", hour12: true }).format(at);
}
