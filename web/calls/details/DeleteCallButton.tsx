// Call Details' "Delete call": a confirm dialog, then DELETE /api/calls/:id (transcript, recording,
// summary and its place in Insights go, everywhere). A call still in progress can't be deleted (the
// server says so, and the dialog shows it).
import { api } from "../../lib/api";
import { useConfirmedAction } from "../../lib/useConfirmedAction";
import { Alert, Button, Modal } from "../../ui";

export function DeleteCallButton({ callId, inProgress, onDeleted }: { callId: string; inProgress: boolean; onDeleted: () => void }) {
  const { open, busy, error, show, close, confirm } = useConfirmedAction(
    () => api<null>(`/api/calls/${encodeURIComponent(callId)}`, { method: "DELETE" }),
    onDeleted,
    "Could not delete this call. Please try again.",
  );
  return (
    <>
      <Button variant="ghost" className="mr-auto text-rose-700" disabled={inProgress} title={inProgress ? "A call can be deleted once it has ended" : undefined} onClick={show}>
        Delete call
      </Button>
      <Modal
        open={open}
        onClose={close}
        dismissible={!busy}
        size="sm"
        title="Delete this call?"
        description="Its transcript, recording and summary are deleted for good, and it leaves your Insights. People you shared it with lose it too."
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void confirm()}>
              Delete call
            </Button>
          </>
        }
      >
        {error ? <Alert title={error} /> : <p className="text-sm text-slate-600">This can't be undone.</p>}
      </Modal>
    </>
  );
}
