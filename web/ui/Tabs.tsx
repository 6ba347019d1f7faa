import { createContext, type HTMLAttributes, type KeyboardEvent, type ReactNode, useContext, useRef } from "react";
import { cx } from "./cx";

export interface TabItem {
  id: string;
  label: ReactNode;
  icon?: ReactNode;
}

export function tabId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`;
}
export function tabPanelId(idPrefix: string, id: string): string {
  return `${idPrefix}-panel-${id}`;
}

/**
 * A WAI-ARIA tablist (automatic activation): ←/→ (and Home/End) move between tabs and select them,
 * only the selected tab (or the first, while none is) is in the Tab order. Pair each tab with a <TabPanel idPrefix id>.
 */
export function Tabs({
  items,
  selected,
  onSelect,
  label,
  idPrefix,
  className,
}: {
  items: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  idPrefix: string;
  className?: string;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // From the tab that has focus (with no tab selected, the keys still move from where the user is).
    const focused = items.findIndex((t) => refs.current.get(t.id) === e.target);
    const index = focused >= 0 ? focused : items.findIndex((t) => t.id === selected);
    let next = -1;
    if (e.key === "ArrowRight") next = (index + 1) % items.length;
    else if (e.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = items.length - 1;
    const item = items[next];
    if (!item) return;
    e.preventDefault();
    onSelect(item.id);
    refs.current.get(item.id)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown} className={cx("flex gap-1 overflow-x-auto", className)}>
      {items.map((t, i) => {
        const active = t.id === selected;
        // With no tab selected (a page beside the tabs shows), the first one stays reachable by Tab.
        const focusable = active || (i === 0 && !items.some((x) => x.id === selected));
        return (
          <button
            key={t.id}
            ref={(el) => {
              if (el) refs.current.set(t.id, el);
              else refs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, t.id)}
            aria-selected={active}
            aria-controls={tabPanelId(idPrefix, t.id)}
            tabIndex={focusable ? 0 : -1}
            onClick={() => onSelect(t.id)}
            className={cx(
              "relative inline-flex shrink-0 items-center gap-2 rounded-t-lg px-3.5 py-3 text-sm font-medium transition-colors",
              "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600",
              "after:absolute after:inset-x-2 after:-bottom-px after:h-0.5 after:rounded-full",
              active ? "text-indigo-700 after:bg-indigo-600" : "text-slate-500 hover:text-slate-800 after:bg-transparent hover:after:bg-slate-300",
            )}
          >
            {t.icon}
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

const PanelHiddenContext = createContext(false);

/** True inside a <TabPanel hidden> (a tab kept mounted while another one is selected). */
export function usePanelHidden(): boolean {
  return useContext(PanelHiddenContext);
}

/** A tab's panel. `hidden` keeps it mounted but out of sight; what is inside can tell (usePanelHidden). */
export function TabPanel({ idPrefix, id, children, className, hidden = false, ...rest }: { idPrefix: string; id: string; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div role="tabpanel" id={tabPanelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={0} hidden={hidden} className={cx("focus:outline-none", className)} {...rest}>
      <PanelHiddenContext.Provider value={hidden}>{children}</PanelHiddenContext.Provider>
    </div>
  );
}
