// Signed-in sessions (Settings → Account security): each device/browser with when it signed in and was
// last seen, a Sign out button per session, and Sign out everywhere (this device too).
import { useCallback, useEffect, useState } from "react";
import type { AccountSession, AccountSessionList } from "../../protocol/api";
import { errorMessage } from "../lib/errorMessage";
import { api, reportSessionLost } from "../lib/api";
import { formatDateTime } from "../lib/format";
import { Alert, Badge, Button, LoadingBlock, RetryAlert } from "../ui";

type Load = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; sessions: AccountSession[] };

export function SessionsList({ reloadKey }: { reloadKey: number }) {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const { sessions } = await api<AccountSessionList>("/api/account/sessions");
      setLoad({ status: "ready", sessions });
    } catch (err) {
      setLoad({ status: "error", message: errorMessage(err) });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload, reloadKey]);

  async function signOutSession(session: AccountSession) {
    setBusy(session.id);
    setError(null);
    try {
      await api<null>(`/api/account/sessions/${encodeURIComponent(session.id)}`, { method: "DELETE" });
      if (session.current) reportSessionLost(); // the app checks the session and leaves the dashboard
      else await reload();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function signOutEverywhere() {
    setBusy("everywhere");
    setError(null);
    try {
      await api("/api/account/sessions/sign-out-everywhere", { method: "POST" });
      reportSessionLost(); // this device is signed out too: the app goes back to the landing page
    } catch (err) {
      setError(errorMessage(err));
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4" aria-labelledby="sessions-heading" role="group">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id="sessions-heading" className="text-sm font-semibold text-slate-900">
          Where you're signed in
        </h4>
        <Button variant="danger" size="sm" loading={busy === "everywhere"} disabled={busy !== null} onClick={() => void signOutEverywhere()}>
          Sign out everywhere
        </Button>
      </div>
      {error ? <Alert tone="error" onDismiss={() => setError(null)}>{error}</Alert> : null}
      {load.status === "loading" ? <LoadingBlock label="Loading your sessions" className="py-6" /> : null}
      {load.status === "error" ? <RetryAlert title="Couldn't load your sessions" onRetry={() => void reload()}>{load.message}</RetryAlert> : null}
      {load.status === "ready" && load.sessions.length === 0 ? <p className="text-sm text-slate-500">No signed-in sessions.</p> : null}
      {load.status === "ready" && load.sessions.length > 0 ? (
        <ul aria-label="Signed-in sessions" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {load.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {s.device || "Unknown browser"}
                  {s.current ? <Badge tone="success">This device</Badge> : null}
                </p>
                <p className="text-xs text-slate-500">
                  Signed in {formatDateTime(s.createdAt)} · Last seen {formatDateTime(s.lastSeenAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                loading={busy === s.id}
                disabled={busy !== null}
                onClick={() => void signOutSession(s)}
                aria-label={`Sign out ${s.device || "Unknown browser"}${s.current ? " (this device)" : ""}`}
              >
                Sign out
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
