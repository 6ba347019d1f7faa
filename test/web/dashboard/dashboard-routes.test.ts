import { describe, expect, it } from "vitest";
import { DASHBOARD_TABS, pathForTab, tabForPath } from "../../../web/dashboard/routes";

describe("dashboard tab routes", () => {
  it("lists the spec's tabs in order: Calls (default), Echoes, Test Call", () => {
    expect(DASHBOARD_TABS.map((t) => t.label)).toEqual(["Calls", "Echoes", "Test Call"]);
  });

  it("maps each tab's path back to the tab", () => {
    for (const t of DASHBOARD_TABS) expect(tabForPath(pathForTab(t.id))).toBe(t.id);
    expect(tabForPath("/echoes/")).toBe("echoes");
    expect(tabForPath("/test-call?x=1".split("?")[0]!)).toBe("test-call");
  });

  it("shows Calls at / and at any other URL", () => {
    expect(tabForPath("/")).toBe("calls");
    expect(tabForPath("")).toBe("calls");
    expect(tabForPath("/nowhere/at/all")).toBe("calls");
    expect(tabForPath("/Echoes")).toBe("calls");
  });
});
