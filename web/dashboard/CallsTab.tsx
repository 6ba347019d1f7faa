// Calls tab (spec §2), composed by the dashboard page: the Live feature's Live Calls above the Calls
// feature's Call History and how the AI held up (AI health). Trends across calls have their own page
// (/insights, linked here and from the header).
import { Link } from "react-router";
import type { TabProps } from "../lib/tabs";
import { AiHealth } from "../calls/AiHealth";
import { CallHistory } from "../calls/CallHistory";
import { LiveCalls } from "../live/LiveCalls";

export function CallsTab(props: TabProps) {
  return (
    <section aria-labelledby="calls-heading" className="flex flex-col gap-6">
      <header>
        <h2 id="calls-heading" className="text-xl font-semibold text-slate-900">
          Calls
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          Calls happening now and every call so far, with transcripts. Trends across them are in{" "}
          <Link to="/insights" className="font-medium text-indigo-700 hover:underline">
            Insights
          </Link>
          .
        </p>
      </header>
      <LiveCalls {...props} />
      <CallHistory />
      <AiHealth />
    </section>
  );
}
