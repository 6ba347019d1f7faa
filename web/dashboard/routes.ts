// The dashboard's addressable tabs (spec §2: Calls is the default) and its two pages beside the tabs,
// reached from the header: Insights (/insights) and Settings (/settings).
export const DASHBOARD_TABS = [
  { id: "calls", label: "Calls", path: "/calls" },
  { id: "echoes", label: "Echoes", path: "/echoes" },
  { id: "test-call", label: "Test Call", path: "/test-call" },
] as const;

export type DashboardTabId = (typeof DASHBOARD_TABS)[number]["id"];

/** "/echoes" → echoes; "/", "/calls/…" and any other URL → calls. */
export function tabForPath(pathname: string): DashboardTabId {
  const first = pathname.split("/").filter(Boolean)[0] ?? "";
  const tab = DASHBOARD_TABS.find((t) => t.id === first);
  return tab ? tab.id : "calls";
}

export function pathForTab(id: DashboardTabId): string {
  return DASHBOARD_TABS.find((t) => t.id === id)?.path ?? "/";
}

/** Pages of their own, beside the spec's three tabs. */
export const DASHBOARD_PAGES = [
  { id: "insights", label: "Insights", path: "/insights" },
  { id: "settings", label: "Settings", path: "/settings" },
] as const;

export type DashboardPageId = (typeof DASHBOARD_PAGES)[number]["id"];

/** "/insights" → insights, "/settings" → settings; null for the tabs' URLs. */
export function pageForPath(pathname: string): DashboardPageId | null {
  const first = pathname.split("/").filter(Boolean)[0] ?? "";
  return DASHBOARD_PAGES.find((p) => p.id === first)?.id ?? null;
}
