// Calls tab (spec §2), composed by the dashboard page: the Live feature's Live Calls above the Calls
// feature's Call History, how the AI held up (AI health), then the Insights feature's trends across calls.
import type { TabProps } from "../lib/tabs";
import { AiHealth } from "../calls/AiHealth";
import { CallHistory } from "../calls/CallHistory";
import { InsightsPanel } from "../insights/InsightsPanel";
import { LiveCalls } from "../live/LiveCalls";

export function CallsTab(props: TabProps) {
  return (
    <section aria-labelledby="calls-heading" className="flex flex-col gap-6">
      <header>
        <h2 id="calls-heading" className="text-xl font-semibold text-slate-900">
          Calls
        </h2>
        <p className="mt-1 text-sm text-slate-500">Calls happening now and every call so far, with transcripts.</p>
      </header>
      <LiveCalls {...props} />
      <CallHistory />
      <AiHealth />
      <InsightsPanel />
    </section>
  );
}
