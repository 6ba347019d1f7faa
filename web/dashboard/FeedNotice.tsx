// Says when the dashboard's live updates stop: the change feed is reconnecting for more than a moment
// (lists may be behind until it is back), or it stopped for good because the page is out of date.
import { useEffect, useState } from "react";
import { useFeedStatus } from "../lib/feed";
import { Alert, Button } from "../ui";

/** A drop shorter than this is not worth a notice (the feed usually comes back within a second). */
export const RECONNECT_NOTICE_DELAY_MS = 3_000;

export function FeedNotice() {
  const { status, problem } = useFeedStatus();
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (status !== "reconnecting") return;
    const timer = window.setTimeout(() => setLate(true), RECONNECT_NOTICE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  if (problem)
    return (
      <Alert
        tone="warning"
        className="mb-6"
        action={
          <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        {problem}
      </Alert>
    );
  if (late)
    return (
      <Alert tone="info" className="mb-6">
        Live updates are paused while the connection comes back. Lists may be out of date until then.
      </Alert>
    );
  return null;
}
