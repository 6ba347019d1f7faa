import type { TabProps } from "../tabs";

// Test Call tab: browser test call to an Echo (issue 4).
export function TestCallTab(_props: TabProps) {
  return <section aria-labelledby="testcall-heading"><h2 id="testcall-heading">Test Call</h2></section>;
}
