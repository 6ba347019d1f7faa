// Invite by email (owner only): another registered user gets the call in their Live Calls list. Each
// invited person can be removed again: the call leaves their list and the views they have open close.
import { type FormEvent, useRef, useState } from "react";
import { type InviteRequest, type InviteResponse, type LiveCallSummary, type LiveParticipant, participantPath, participantsPath } from "../../protocol/live";
import { ApiRequestError, api } from "../lib/api";
import { Alert, Button, Modal, TextInput } from "../ui";

export function InviteDialog({ call, title, onClose, onChanged }: { call: LiveCallSummary; title: string; onClose: () => void; onChanged: () => void }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The person being removed (their user id), while the request runs. */
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  /** After an error the field gets focus back, so the error (its description) is read out. */
  const field = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setError("Enter the email address of the person to invite.");
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { participant } = await api<InviteResponse>(participantsPath(call.id), { body: { email: email.trim() } satisfies InviteRequest });
      setDone(`${participant.displayName} (${participant.email ?? email.trim()}) can now watch this call from their Live Calls.`);
      setEmail("");
      onChanged();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "An error occurred. Please try again.");
      requestAnimationFrame(() => field.current?.focus()); // once Send Invite is no longer busy
    } finally {
      setBusy(false);
    }
  };

  const remove = async (person: LiveParticipant) => {
    setRemoving(person.userId);
    setRemoveError(null);
    setDone(null);
    try {
      await api(participantPath(call.id, person.userId), { method: "DELETE" });
      setDone(`${person.displayName} can no longer watch this call.`);
      onChanged();
      field.current?.focus(); // their row (and the button that had focus) goes away
    } catch (err) {
      setRemoveError(err instanceof ApiRequestError ? err.message : "An error occurred. Please try again.");
      onChanged(); // whatever happened, the list shows who is still invited
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Invite to live call"
      description={`${title}: invite someone with an Echo account to watch and listen.`}
      dismissible={!busy && !removing}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextInput
          ref={field}
          label="Email"
          type="email"
          autoComplete="off"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error ?? undefined}
          placeholder="name@example.com"
        />
        {done ? <Alert tone="success">{done}</Alert> : null}
        {call.participants.length > 0 ? (
          <div>
            <p className="text-sm font-medium text-slate-800">Invited</p>
            <ul className="mt-1.5 flex flex-col gap-1 text-sm text-slate-600" aria-label="Invited people">
              {call.participants.map((p) => (
                <li key={p.userId} className="flex flex-wrap items-baseline justify-between gap-2">
                  <span>
                    {p.displayName} <span className="text-slate-400">{p.email}</span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="text-xs text-slate-500">{p.joinedAt ? "Joined" : "Invited"}</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${p.displayName}`}
                      loading={removing === p.userId}
                      disabled={removing !== null && removing !== p.userId}
                      onClick={() => void remove(p)}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
            {removeError ? (
              <Alert tone="error" className="mt-2">
                {removeError}
              </Alert>
            ) : null}
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button type="submit" loading={busy}>
            Send Invite
          </Button>
        </div>
      </form>
    </Modal>
  );
}
