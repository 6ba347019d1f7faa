// Invite by email (owner only): another registered user gets the call in their Live Calls list.
import { type FormEvent, useRef, useState } from "react";
import type { InviteRequest, InviteResponse, LiveCallSummary } from "../../protocol/live";
import { ApiRequestError, api } from "../lib/api";
import { Alert, Button, Modal, TextInput } from "../ui";

export function InviteDialog({ call, title, onClose, onInvited }: { call: LiveCallSummary; title: string; onClose: () => void; onInvited: () => void }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
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
      const { participant } = await api<InviteResponse>(`/api/live-calls/${encodeURIComponent(call.id)}/participants`, { body: { email: email.trim() } satisfies InviteRequest });
      setDone(`${participant.displayName} (${participant.email ?? email.trim()}) can now watch this call from their Live Calls.`);
      setEmail("");
      onInvited();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "An error occurred. Please try again.");
      requestAnimationFrame(() => field.current?.focus()); // once Send Invite is no longer busy
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Invite to live call"
      description={`${title}: invite someone with an Echo account to watch and listen.`}
      dismissible={!busy}
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
                  <span className="text-xs text-slate-500">{p.joinedAt ? "Joined" : "Invited"}</span>
                </li>
              ))}
            </ul>
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
