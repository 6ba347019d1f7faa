// An Echo card's "Delete": a confirm dialog that says what happens to the Echo's calls (they stay, with
// its name), then DELETE /api/echoes/:id.
import { useState } from "react";
import type { Echo } from "../../protocol/echo";
import { ApiRequestError, api } from "../lib/api";
import { Alert, Button, Modal } from "../ui";

export function DeleteEchoButton({ echo, onDeleted }: { echo: Echo; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(null);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await api<null>(`/api/echoes/${encodeURIComponent(echo.id)}`, { method: "DELETE" });
      setOpen(false);
      onDeleted();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "Could not delete this Echo. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="ghost" className="text-rose-700" onClick={() => setOpen(true)} aria-label={`Delete ${echo.name}`}>
        Delete
      </Button>
      <Modal
        open={open}
        onClose={close}
        dismissible={!busy}
        size="sm"
        title={`Delete ${echo.name}?`}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void confirm()}>
              Delete Echo
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-sm text-slate-600">
          <p>
            {echo.name} is deleted for good: nobody can call it any more. Its calls stay in your Call History, with their transcripts and
            recordings, still showing the name {echo.name}.
          </p>
          <p>
            If it answers your phone, your most recently updated other active Echo answers instead (the built-in assistant when you have
            none). To stop it answering for a while instead, Deactivate it.
          </p>
          {error ? <Alert title={error} /> : null}
        </div>
      </Modal>
    </>
  );
}
