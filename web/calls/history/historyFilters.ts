// Call History's filters (pure): read from and written to the page's URL query, so a filtered list is
// addressable (…/calls?echo=…&status=completed&from=2026-12-01&to=2026-12-07), and turned into the
// query of GET /api/calls, which does the filtering. Dates are the reader's calendar days: `from`
// starts at its local midnight, `to` ends at the last millisecond of its day.
import { CALL_STATUSES, CALL_TYPES, type CallStatus } from "../../../protocol/call-history";
import type { CallType } from "../../../protocol/call-messages";

export interface HistoryFilters {
  echoId: string;
  status: CallStatus | "";
  callType: CallType | "";
  /** YYYY-MM-DD or "". */
  from: string;
  /** YYYY-MM-DD or "". */
  to: string;
  safetyOnly: boolean;
}

export const NO_FILTERS: HistoryFilters = { echoId: "", status: "", callType: "", from: "", to: "", safetyOnly: false };

/** The page's query keys of each filter. */
const KEYS = { echoId: "echo", status: "status", callType: "type", from: "from", to: "to", safetyOnly: "safety" } as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a YYYY-MM-DD day; null when it is not a real date. */
export function dayStart(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(y, mo - 1, d);
  return t.getFullYear() === y && t.getMonth() === mo - 1 && t.getDate() === d ? t.getTime() : null;
}

/** The last millisecond of a YYYY-MM-DD day (local time); null when it is not a real date. */
export function dayEnd(day: string): number | null {
  const start = dayStart(day);
  if (start === null) return null;
  const d = new Date(start);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime() - 1;
}

/** The filters in a URL query; values that are not valid are dropped (the list shows without them). */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  const status = search.get(KEYS.status) ?? "";
  const callType = search.get(KEYS.callType) ?? "";
  const from = search.get(KEYS.from) ?? "";
  const to = search.get(KEYS.to) ?? "";
  return {
    echoId: (search.get(KEYS.echoId) ?? "").slice(0, 100),
    status: (CALL_STATUSES as readonly string[]).includes(status) ? (status as CallStatus) : "",
    callType: (CALL_TYPES as readonly string[]).includes(callType) ? (callType as CallType) : "",
    from: dayStart(from) === null ? "" : from,
    to: dayStart(to) === null ? "" : to,
    safetyOnly: search.get(KEYS.safetyOnly) === "1",
  };
}

/** `search` with the filters written in (set ones only) and every other key kept. */
export function filtersToSearch(filters: HistoryFilters, search: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [field, key] of Object.entries(KEYS) as Array<[keyof HistoryFilters, string]>) {
    const value = filters[field];
    if (value === "" || value === false) next.delete(key);
    else next.set(key, value === true ? "1" : value);
  }
  return next;
}

/** A date range that ends before it starts (the form says so; the list is not asked for). */
export function rangeProblem(f: HistoryFilters): string | null {
  if (!f.from || !f.to) return null;
  const from = dayStart(f.from);
  const to = dayStart(f.to);
  return from !== null && to !== null && from > to ? "The end date is before the start date." : null;
}

export function hasFilters(f: HistoryFilters): boolean {
  return filtersToSearch(f).toString() !== "";
}

/** The query of GET /api/calls for these filters (no paging). */
export function apiFilterQuery(f: HistoryFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.callType) q.set("callType", f.callType);
  if (f.safetyOnly) q.set("safety", "1");
  if (f.echoId) q.set("echoId", f.echoId);
  if (f.status) q.set("status", f.status);
  const since = f.from ? dayStart(f.from) : null;
  const until = f.to ? dayEnd(f.to) : null;
  if (since !== null) q.set("since", String(since));
  if (until !== null) q.set("until", String(until));
  return q;
}

/** One page of the filtered list. */
export function listUrl(f: HistoryFilters, pageSize: number, cursor: string | null): string {
  const q = apiFilterQuery(f);
  q.set("limit", String(pageSize));
  if (cursor) q.set("cursor", cursor);
  return `/api/calls?${q}`;
}

/** The filtered list as a CSV file (GET /api/calls?format=csv). */
export function csvUrl(f: HistoryFilters): string {
  const q = apiFilterQuery(f);
  q.set("format", "csv");
  return `/api/calls?${q}`;
}
