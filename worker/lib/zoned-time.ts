// Wall-clock time in an IANA time zone, with Intl only: the wall clock of an instant, the zone's offset,
// the instant of a wall-clock time, a local calendar day's bounds. One implementation for the callbacks
// (quiet hours, the daily cap) and the actions (reading "tomorrow at 8"). Pure.
// Why by hand: the runtime has Intl but not Temporal, and these few functions are all we need of a
// time-zone library (the tests cover daylight-saving days in both directions).

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

/** The zone to use: `zone` when it is a real IANA zone, else UTC. */
export function zoneOrUtc(zone: string | null | undefined): string {
  return validTimeZone(zone) ?? "UTC";
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** "Wednesday" */
  weekday: string;
}

export function wallClock(at: number, zone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    weekday: "long",
  }).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")) % 24,
    minute: Number(get("minute")),
    second: Number(get("second")),
    weekday: get("weekday"),
  };
}

/** The zone's offset from UTC at `at`, in minutes (east positive). */
export function offsetMinutes(at: number, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - (at - (at % 60_000))) / 60_000);
}

/** The instant of a wall-clock time in `zone` (a time skipped by a DST change lands just after it); `day` may overflow the month. */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, zone: string): number {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const at = naive - offsetMinutes(naive, zone) * 60_000;
  return naive - offsetMinutes(at, zone) * 60_000;
}

/** The local hour (0–23) of `at` in `zone`. */
export function localHour(at: number, zone: string): number {
  return wallClock(at, zone).hour;
}

/** [start, end) of the local calendar day containing `at` in `zone`, as epoch ms. */
export function localDayBounds(at: number, zone: string): { start: number; end: number } {
  const w = wallClock(at, zone);
  return { start: zonedTime(w.year, w.month, w.day, 0, 0, zone), end: zonedTime(w.year, w.month, w.day + 1, 0, 0, zone) };
}
