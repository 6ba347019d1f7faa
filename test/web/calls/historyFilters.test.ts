// Call History's filters in the page's URL and in the API's query (web/calls/history/historyFilters.ts).
import { describe, expect, it } from "vitest";
import {
  NO_FILTERS,
  apiFilterQuery,
  csvUrl,
  dayEnd,
  dayStart,
  filtersFromSearch,
  filtersToSearch,
  hasFilters,
  listUrl,
  rangeProblem,
} from "../../../web/calls/history/historyFilters";

describe("Call History filters in the URL", () => {
  it("read back what was written, and keep the URL's other keys", () => {
    const f = { echoId: "e1", status: "completed", callType: "phone", from: "2026-11-01", to: "2026-11-30", safetyOnly: true } as const;
    const search = filtersToSearch(f, new URLSearchParams("tab=x&status=failed"));
    expect(search.toString()).toBe("tab=x&status=completed&echo=e1&type=phone&from=2026-11-01&to=2026-11-30&safety=1");
    expect(filtersFromSearch(search)).toEqual(f);
    expect(filtersToSearch(NO_FILTERS, search).toString()).toBe("tab=x");
  });

  it("drop values that are not valid instead of asking for them", () => {
    expect(filtersFromSearch(new URLSearchParams("status=ringing&type=fax&from=2026-02-30&to=soon&safety=yes"))).toEqual(NO_FILTERS);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, from: "2026-11-01" })).toBe(true);
  });
});

describe("dates", () => {
  it("run from the reader's local midnight of `from` to the last millisecond of `to`", () => {
    expect(dayStart("2026-11-30")).toBe(new Date(2026, 10, 30).getTime());
    expect(dayEnd("2026-11-30")).toBe(new Date(2026, 11, 1).getTime() - 1);
    expect(dayEnd("2026-12-31")).toBe(new Date(2027, 0, 1).getTime() - 1);
    expect(dayStart("2026-13-01")).toBeNull();
    expect(dayStart("30/11/2026")).toBeNull();
  });

  it("say so when the range ends before it starts", () => {
    expect(rangeProblem({ ...NO_FILTERS, from: "2026-12-02", to: "2026-12-01" })).toBe("The end date is before the start date.");
    expect(rangeProblem({ ...NO_FILTERS, from: "2026-12-01", to: "2026-12-01" })).toBeNull();
    expect(rangeProblem({ ...NO_FILTERS, from: "2026-12-01" })).toBeNull();
  });
});

describe("the API's query", () => {
  it("carries every filter, dates as epoch ms, with paging or as CSV", () => {
    const f = { echoId: "e 1", status: "in-progress", callType: "browser_test", from: "2026-11-30", to: "2026-11-30", safetyOnly: false } as const;
    const q = apiFilterQuery(f);
    expect(Object.fromEntries(q)).toEqual({
      callType: "browser_test",
      echoId: "e 1",
      status: "in-progress",
      since: String(new Date(2026, 10, 30).getTime()),
      until: String(new Date(2026, 11, 1).getTime() - 1),
    });
    expect(listUrl(f, 20, "cur")).toBe(`/api/calls?${q}&limit=20&cursor=cur`);
    expect(csvUrl(f)).toBe(`/api/calls?${q}&format=csv`);
    expect(csvUrl(NO_FILTERS)).toBe("/api/calls?format=csv");
  });
});
