// Search across the user's own transcripts; each hit opens its call's details.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { type CallSearchResult, SEARCH_QUERY_MAX_CHARS } from "../../protocol/call-history";
import { api } from "../lib/api";
import { formatCaller, formatDateTime, viewDetailsLabel } from "../lib/format";
import { Alert, Button, Spinner, controlClasses } from "../ui";
import { highlightParts } from "./highlight";

const DEBOUNCE_MS = 300;
export const SEARCH_FAILED = "Search failed. Please try again.";

type State = { status: "idle" } | { status: "searching"; query: string } | { status: "error"; query: string } | { status: "done"; result: CallSearchResult };

/** Renders the search box; while a query is active, renders the hits in place of `children`. */
export function TranscriptSearch({ onOpenCall, children }: { onOpenCall: (callId: string) => void; children: ReactNode }) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<State>({ status: "idle" });
  const generation = useRef(0);

  async function run(q: string) {
    const mine = ++generation.current;
    if (!q.trim()) {
      setState({ status: "idle" });
      return;
    }
    setState({ status: "searching", query: q });
    try {
      const result = await api<CallSearchResult>(`/api/calls/search?q=${encodeURIComponent(q.trim())}`);
      if (mine === generation.current) setState({ status: "done", result });
    } catch {
      if (mine === generation.current) setState({ status: "error", query: q });
    }
  }

  useEffect(() => {
    const t = window.setTimeout(() => void run(query), query.trim() ? DEBOUNCE_MS : 0);
    return () => window.clearTimeout(t);
  }, [query]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(query);
  }

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor="transcript-search" className="sr-only">
          Search transcripts
        </label>
        <input
          id="transcript-search"
          type="text"
          enterKeyHint="search"
          autoComplete="off"
          value={query}
          maxLength={SEARCH_QUERY_MAX_CHARS}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && query) {
              e.preventDefault();
              setQuery("");
            }
          }}
          placeholder="Search transcripts…"
          className={controlClasses(false, "h-10")}
        />
        {query ? (
          <Button variant="ghost" onClick={() => setQuery("")}>
            Clear
          </Button>
        ) : null}
      </form>
      {state.status === "idle" ? (
        children
      ) : state.status === "searching" ? (
        <div className="flex justify-center py-8 text-indigo-600">
          <Spinner label="Searching transcripts" />
        </div>
      ) : state.status === "error" ? (
        <Alert>{SEARCH_FAILED}</Alert>
      ) : (
        <SearchHits result={state.result} onOpenCall={onOpenCall} />
      )}
    </div>
  );
}

function SearchHits({ result, onOpenCall }: { result: CallSearchResult; onOpenCall: (callId: string) => void }) {
  if (result.hits.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">No transcript mentions “{result.query}”.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-slate-500">
        {result.truncated ? `First ${result.hits.length} matches` : `${result.hits.length} ${result.hits.length === 1 ? "match" : "matches"}`} for “{result.query}”
      </p>
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label="Search results">
        {result.hits.map((h) => (
          <li key={h.entry.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="text-xs text-slate-500">
                {formatDateTime(h.startTime)} · {formatCaller(h)} · {h.entry.speaker === "caller" ? "Caller" : (h.echoName ?? "Echo")}
              </p>
              <p className="mt-1 break-words text-sm text-slate-900">
                {highlightParts(h.entry.text, result.query).map((p, i) =>
                  p.match ? (
                    <mark key={i} className="rounded bg-amber-100 px-0.5 text-slate-900">
                      {p.text}
                    </mark>
                  ) : (
                    <span key={i}>{p.text}</span>
                  ),
                )}
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => onOpenCall(h.callId)} aria-label={viewDetailsLabel(h)}>
              View Details
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
