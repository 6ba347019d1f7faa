// The dashboard's addressable tabs (spec §2: Calls is the default).
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
