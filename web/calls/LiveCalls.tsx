// Live Calls list (spec §2). Placeholder until live calls are built (issue 5): an honest empty list.
import type { TabProps } from "../tabs";
import { Card, CardBody, CardHeader } from "../ui";

export function LiveCalls(_props: TabProps) {
  return (
    <Card aria-labelledby="live-calls-heading" role="region">
      <CardHeader id="live-calls-heading" title="Live Calls" headingLevel={3} />
      <CardBody>
        <p className="text-sm text-slate-500">No live calls right now</p>
      </CardBody>
    </Card>
  );
}
