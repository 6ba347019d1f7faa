// Call History's filters (Echo, status, kind of call, a date range, safety alerts), Clear filters and
// Export CSV of the filtered list. The filters live in the page's URL (historyFilters.ts); the server
// does the filtering.
import type { EchoList } from "../../../protocol/echo";
import { CALL_STATUSES } from "../../../protocol/call-history";
import { statusLabel } from "../../lib/callStatus";
import { useFeedResource } from "../../lib/useFeedResource";
import { Button, Select, TextInput, buttonClasses } from "../../ui";
import { type HistoryFilters, NO_FILTERS, csvUrl, hasFilters, rangeProblem } from "./historyFilters";

export const SAFETY_FILTER_LABEL = "Calls with safety alerts";
export const EXPORT_CSV_LABEL = "Export CSV";

const TYPE_OPTIONS = [
  { value: "phone", label: "Phone calls" },
  { value: "browser_test", label: "Browser tests" },
] as const;

const STATUS_OPTIONS = CALL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

export function HistoryFilterBar({ filters, onChange }: { filters: HistoryFilters; onChange: (next: HistoryFilters) => void }) {
  const echoList = useFeedResource<EchoList>("/api/echoes", (s) => s.type === "echo_changed" || s.type === "feed_connected");
  const echoes = echoList.state.status === "ready" ? echoList.state.echoes : [];
  const echoesFailed = echoList.state.status === "error";
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...filters, ...patch });
  const problem = rangeProblem(filters);

  return (
    <form role="search" aria-label="Filter calls" className="flex flex-col gap-3" onSubmit={(e) => e.preventDefault()}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Select
          label="Echo"
          value={filters.echoId}
          onChange={(e) => set({ echoId: e.target.value })}
          placeholder="All Echoes"
          className="w-full truncate"
          fieldClassName="min-w-0"
          options={[
            ...echoes.map((e) => ({ value: e.id, label: e.name })),
            // An Echo in the URL that is not (or no longer) in the list still reads as chosen.
            ...(filters.echoId && echoList.state.status === "ready" && !echoes.some((e) => e.id === filters.echoId) ? [{ value: filters.echoId, label: "Deleted Echo" }] : []),
          ]}
          error={echoesFailed ? "Could not load your Echoes." : undefined}
        />
        <Select label="Status" value={filters.status} onChange={(e) => set({ status: e.target.value as HistoryFilters["status"] })} placeholder="Any status" className="w-full" fieldClassName="min-w-0" options={STATUS_OPTIONS} />
        <Select label="Kind" value={filters.callType} onChange={(e) => set({ callType: e.target.value as HistoryFilters["callType"] })} placeholder="All calls" className="w-full" fieldClassName="min-w-0" options={TYPE_OPTIONS} />
        <TextInput label="From" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} fieldClassName="min-w-0" />
        <TextInput label="To" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} fieldClassName="min-w-0" error={problem ?? undefined} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-1.5 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-rose-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            checked={filters.safetyOnly}
            onChange={(e) => set({ safetyOnly: e.target.checked })}
          />
          {SAFETY_FILTER_LABEL}
        </label>
        {echoesFailed ? (
          <Button size="sm" variant="secondary" onClick={() => void echoList.reload()}>
            Reload Echoes
          </Button>
        ) : null}
        <span className="flex-1" />
        {hasFilters(filters) ? (
          <Button size="sm" variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
        {problem ? null : (
          <a className={buttonClasses("secondary", "sm")} href={csvUrl(filters)} download aria-label={hasFilters(filters) ? `${EXPORT_CSV_LABEL} of the filtered calls` : `${EXPORT_CSV_LABEL} of all calls`}>
            {EXPORT_CSV_LABEL}
          </a>
        )}
      </div>
    </form>
  );
}
