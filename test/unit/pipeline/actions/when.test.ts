// Reading a callback's time from the caller's words in the owner's time zone, and saying it back.
import { describe, expect, it } from "vitest";
import { readWhen, shownWhen, spokenWhen, zoneOrUtc } from "../../../../worker/pipeline/actions/when";

const NOW = Date.parse("2026-12-01T22:00:00Z"); // a Tuesday

describe("readWhen: the caller's words in the owner's zone", () => {
  it('"tomorrow at 8" is 08:00 local of the next day, in each zone', () => {
    expect(readWhen("tomorrow at 8", NOW, "Europe/Berlin")).toEqual({ ok: true, at: Date.parse("2026-12-02T07:00:00Z") });
    expect(readWhen("tomorrow at 8", NOW, "America/New_York")).toEqual({ ok: true, at: Date.parse("2026-12-02T13:00:00Z") });
    // Already Wednesday 03:30 in Kolkata: tomorrow is Thursday there.
    expect(readWhen("tomorrow at 8", NOW, "Asia/Kolkata")).toEqual({ ok: true, at: Date.parse("2026-12-03T02:30:00Z") });
    expect(readWhen("call me back tomorrow at 8 to practise my speech", NOW, "UTC")).toEqual({ ok: true, at: Date.parse("2026-12-02T08:00:00Z") });
  });

  it("across a daylight-saving change the wall-clock time holds", () => {
    // New York springs forward on Sunday 8 March 2026: 08:00 that day is EDT (UTC-4), not EST.
    const saturday = Date.parse("2026-03-07T20:00:00Z");
    expect(readWhen("tomorrow at 8 am", saturday, "America/New_York")).toEqual({ ok: true, at: Date.parse("2026-03-08T12:00:00Z") });
  });

  it("relative times and weekdays", () => {
    expect(readWhen("in 2 hours", NOW, "Europe/Berlin")).toEqual({ ok: true, at: NOW + 2 * 3_600_000 });
    expect(readWhen("on Friday at 6 pm", NOW, "UTC")).toEqual({ ok: true, at: Date.parse("2026-12-04T18:00:00Z") });
  });

  it("bad input gets a reason, never a guess", () => {
    expect(readWhen("", NOW, "UTC")).toEqual({ ok: false, problem: "missing", words: "" });
    expect(readWhen("call me back", NOW, "UTC")).toEqual({ ok: false, problem: "missing", words: "" });
    expect(readWhen("next Blursday", NOW, "UTC")).toEqual({ ok: false, problem: "unknown", words: "next Blursday" });
    expect(readWhen("yesterday at 5", NOW, "UTC")).toMatchObject({ ok: false, problem: "past" });
    expect(readWhen("tomorrow", NOW, "UTC")).toEqual({ ok: false, problem: "no_hour", words: "tomorrow" });
  });

  it("an unknown zone is UTC", () => {
    expect(zoneOrUtc("Mars/Olympus_Mons")).toBe("UTC");
    expect(zoneOrUtc(undefined)).toBe("UTC");
    expect(readWhen("tomorrow at 8", NOW, "Mars/Olympus_Mons")).toEqual({ ok: true, at: Date.parse("2026-12-02T08:00:00Z") });
  });
});

describe("spokenWhen and shownWhen", () => {
  it("says the day as a person would, on the owner's clock", () => {
    expect(spokenWhen(Date.parse("2026-12-02T07:00:00Z"), NOW, "Europe/Berlin")).toBe("tomorrow at 8:00");
    expect(spokenWhen(Date.parse("2026-12-01T22:30:00Z"), NOW, "Europe/Berlin")).toBe("today at 23:30");
    expect(spokenWhen(Date.parse("2026-12-04T18:00:00Z"), NOW, "UTC")).toBe("on Friday at 18:00");
    expect(spokenWhen(Date.parse("2026-12-18T08:00:00Z"), NOW, "UTC")).toBe("on Friday 18 December at 8:00");
  });

  it("shows the date with its zone", () => {
    expect(shownWhen(Date.parse("2026-12-02T07:00:00Z"), "Europe/Berlin")).toBe("Wed 2 Dec, 08:00 (Europe/Berlin)");
  });
});
