// The Insights page (/insights, from the header): trends across the user's calls, on a page of its own
// rather than below the whole call history (the panel's own heading is the page's).
import { InsightsPanel } from "../insights/InsightsPanel";

export function InsightsPage() {
  return (
    <section aria-label="Insights page" className="flex flex-col gap-6">
      <InsightsPanel />
    </section>
  );
}
