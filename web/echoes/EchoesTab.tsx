import type { TabProps } from "../tabs";

// Echoes tab: grid of Echo cards and the create/edit modal (issue 3).
export function EchoesTab(_props: TabProps) {
  return <section aria-labelledby="echoes-heading"><h2 id="echoes-heading">Echoes</h2></section>;
}
