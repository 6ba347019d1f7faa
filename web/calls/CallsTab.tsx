import type { TabProps } from "../tabs";

// Calls tab: Live Calls and Call History (issue 3 and issue 5).
export function CallsTab(_props: TabProps) {
  return <section aria-labelledby="calls-heading"><h2 id="calls-heading">Calls</h2></section>;
}
