// An Echo card's "Delete": a confirm dialog that says what happens to the Echo's calls (they stay, with
// its name), then DELETE /api/echoes/:id.
import type { Echo } from "../../protocol/echo";
import { api } from "../lib/api";
import { useConfirmedAction } from "../lib/useConfirmedAction";
import { Alert, Button, Modal } from "../ui";

export function DeleteEchoButton({ echo, onDeleted }: { echo: Echo; onDeleted: () => void }) {
  const { open, busy, error, show, close, confirm } = useConfirmedAction(
    () => api<null>(`/api/echoes/${encodeURIComponent(echo.id)}`, { method: "DELETE" }),
    onDeleted,
    "Could not delete this Echo. Please try again.",
  );
  return (
    <>
      <Button size="sm" variant="ghost" className="text-rose-700" onClick={show} aria-label={`Delete ${echo.name}`}>
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
