// The Test Call tab's banner about the engine that answers (offline assistant, local speech): it can
// collapse to its one-line title, and stays collapsed (this browser remembers) until expanded again, so
// on a phone Start Call is in view.
import { type ReactNode, useId, useState } from "react";
import { Alert } from "../ui";

const STORAGE_KEY = "echo:test-call-notice-collapsed";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "1";
  } catch {
    return false; // storage blocked: start expanded
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    if (collapsed) window.localStorage.setItem(STORAGE_KEY, "1");
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

export function EngineNotice({ title, children }: { title: string; children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const detailsId = useId();
  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    writeCollapsed(next);
  }
  return (
    <Alert
      tone="info"
      className="py-2.5"
      title={
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span>{title}</span>
          <button
            type="button"
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-controls={detailsId}
            className="shrink-0 whitespace-nowrap rounded text-xs font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {collapsed ? "Show details" : "Hide details"}
          </button>
        </span>
      }
    >
      <div id={detailsId} hidden={collapsed}>
        {children}
      </div>
    </Alert>
  );
}
