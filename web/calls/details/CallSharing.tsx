// Call Details' "Shared with": the people the owner invited to this call (during it or since), and a
// Remove for each: they lose its live transcript at once (their open views close) and its recording.
import { useCallback, useEffect, useState } from "react";
import { type LiveParticipant, type ParticipantList, participantPath } from "../../../protocol/live";
import { ApiRequestError, api } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { Alert, Button, RetryAlert, Spinner } from "../../ui";

type State = { status: "loading" } | { status: "error" } | { status: "ready"; people: LiveParticipant[] };

export function CallSharing({ callId }: { callId: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setState({ status: "loading" });
    try {
      const { participants } = await api<ParticipantList>(`/api/live-calls/${encodeURIComponent(callId)}/participants`);
      setState({ status: "ready", people: participants });
    } catch {
      setState({ status: "error" });
    }
  }, [callId]);
  useEffect(() => void load(), [load]);

  const remove = async (person: LiveParticipant) => {
    setRemoving(person.userId);
    setError(null);
    try {
      await api<null>(participantPath(callId, person.userId), { method: "DELETE" });
      setState((s) => (s.status === "ready" ? { status: "ready", people: s.people.filter((p) => p.userId !== person.userId) } : s));
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "Could not remove them right now. Please try again.");
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby="sharing-heading" className="flex flex-col gap-2">
      <h3 id="sharing-heading" className="text-sm font-semibold text-slate-900">
        Shared with
      </h3>
      {state.status === "loading" ? (
        <Spinner label="Loading who this call is shared with" />
      ) : state.status === "error" ? (
        <RetryAlert title="Could not load who this call is shared with." onRetry={() => void load()} />
      ) : state.people.length === 0 ? (
        <p className="text-sm text-slate-500">Nobody: only you can see this call. Invite people from Live Calls while it runs.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label="People this call is shared with">
          {state.people.map((p) => (
            <li key={p.userId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{p.displayName}</span>
                {p.email ? <span className="ml-2 break-all text-slate-500">{p.email}</span> : null}
                <span className="block text-xs text-slate-500">
                  Invited {formatDateTime(p.invitedAt)}
                  {p.joinedAt ? ` · joined ${formatDateTime(p.joinedAt)}` : ""}
                </span>
              </span>
              <Button size="sm" variant="secondary" loading={removing === p.userId} onClick={() => void remove(p)} aria-label={`Remove ${p.displayName} from this call`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error ? <Alert title={error} /> : null}
    </section>
  );
}
