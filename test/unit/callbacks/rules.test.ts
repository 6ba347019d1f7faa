import { describe, expect, it } from "vitest";
import { DAILY_CALLBACK_CAP, MAX_CALLBACK_AHEAD_MS } from "../../../protocol/callbacks";
import { inQuietHours, scheduleProblem } from "../../../worker/callbacks/rules";
import { localDayBounds, localHour, validTimeZone } from "../../../worker/lib/zoned-time";

const NOW = Date.UTC(2026, 5, 10, 12, 0); // 10 June 2026, 12:00 UTC (08:00 in New York, EDT)

describe("zoned time", () => {
  it("gives the local hour and local day in the owner's zone", () => {
    expect(localHour(NOW, "UTC")).toBe(12);
    expect(localHour(NOW, "America/New_York")).toBe(8);
    expect(localHour(NOW, "Asia/Tokyo")).toBe(21);
    const ny = localDayBounds(NOW, "America/New_York");
    expect(ny.start).toBe(Date.UTC(2026, 5, 10, 4, 0));
    expect(ny.end).toBe(Date.UTC(2026, 5, 11, 4, 0));
    const utc = localDayBounds(NOW, "UTC");
    expect(utc).toEqual({ start: Date.UTC(2026, 5, 10), end: Date.UTC(2026, 5, 11) });
  });

  it("across a DST change the day is 23 hours long", () => {
    const day = localDayBounds(Date.UTC(2026, 2, 8, 17, 0), "America/New_York"); // 8 March 2026, spring forward
    expect(day.end - day.start).toBe(23 * 3_600_000);
  });

  it("accepts IANA names and refuses anything else", () => {
    expect(validTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(validTimeZone("UTC")).toBe("UTC");
    expect(validTimeZone("Mars/Olympus")).toBeNull();
    expect(validTimeZone("")).toBeNull();
    expect(validTimeZone(null)).toBeNull();
  });
});

describe("callback rules", () => {
  const base = { now: NOW, zone: "America/New_York", callerNamedTime: false, sameDayCount: 0 };

  it("quiet hours are 21:00 to 08:00 local time", () => {
    expect(inQuietHours(Date.UTC(2026, 5, 10, 12, 0), "America/New_York")).toBe(false); // 08:00
    expect(inQuietHours(Date.UTC(2026, 5, 10, 11, 59), "America/New_York")).toBe(true); // 07:59
    expect(inQuietHours(Date.UTC(2026, 5, 11, 0, 59), "America/New_York")).toBe(false); // 20:59
    expect(inQuietHours(Date.UTC(2026, 5, 11, 1, 0), "America/New_York")).toBe(true); // 21:00
  });

  it("refuses the past, too far ahead, quiet hours (unless the caller named the time) and a full day", () => {
    expect(scheduleProblem({ ...base, dueAt: NOW + 3_600_000 })).toBeNull();
    expect(scheduleProblem({ ...base, dueAt: NOW - 3_600_000 })).toBe("past");
    expect(scheduleProblem({ ...base, dueAt: NaN })).toBe("past");
    expect(scheduleProblem({ ...base, dueAt: NOW + MAX_CALLBACK_AHEAD_MS + 1 })).toBe("too-far");
    const lateEvening = Date.UTC(2026, 5, 11, 2, 0); // 22:00 in New York
    expect(scheduleProblem({ ...base, dueAt: lateEvening })).toBe("quiet-hours");
    expect(scheduleProblem({ ...base, dueAt: lateEvening, callerNamedTime: true })).toBeNull();
    expect(scheduleProblem({ ...base, dueAt: NOW + 3_600_000, sameDayCount: DAILY_CALLBACK_CAP - 1 })).toBeNull();
    expect(scheduleProblem({ ...base, dueAt: NOW + 3_600_000, sameDayCount: DAILY_CALLBACK_CAP })).toBe("daily-cap");
  });
});
