// The Test Call picker's empty state: no active Echo. If the user has inactive ones it says so and offers
// to activate them right here; otherwise it points to creating one (`createAction`).
import { type ReactNode, useEffect, useState } from "react";
import type { Echo, EchoList } from "../../protocol/echo";
import { api } from "../lib/api";
import { Alert, Button, EmptyState } from "../ui";

export const ACTIVATE_FAILED = "Failed to update echo status.";

export function InactiveEchoes({ createAction, onActivated }: { createAction?: ReactNode; onActivated: () => void }) {
  const [inactive, setInactive] = useState<Echo[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api<EchoList>("/api/echoes?active=false", { signal: controller.signal })
      .then((list) => setInactive(list.echoes))
      .catch(() => setInactive([])); // unknown: the plain empty state (create or activate in the Echoes tab)
    return () => controller.abort();
  }, []);

  async function activate(echo: Echo) {
    setBusy(echo.id);
    setFailed(false);
    try {
      await api<Echo>(`/api/echoes/${encodeURIComponent(echo.id)}`, { method: "PATCH", body: { isActive: true } });
      onActivated();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  if (inactive && inactive.length > 0) {
    const [first] = inactive;
    const title = inactive.length === 1 ? `${first!.name} is inactive` : `Your ${inactive.length} Echoes are inactive`;
    return (
      <EmptyState
        title={title}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {inactive.slice(0, 3).map((echo) => (
              <Button key={echo.id} variant="success" loading={busy === echo.id} onClick={() => void activate(echo)}>
                Activate {echo.name}
              </Button>
            ))}
          </div>
        }
      >
        Only active Echoes take calls. Activate one to test-call it.
        {failed ? <Alert className="mt-3">{ACTIVATE_FAILED}</Alert> : null}
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No active Echoes yet" action={createAction}>
      Create an Echo in the Echoes tab, then come back to test-call it.
    </EmptyState>
  );
}
