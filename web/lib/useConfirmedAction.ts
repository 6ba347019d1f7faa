// A destructive action behind a confirm dialog (Delete call, Delete Echo): whether the dialog is open,
// the request under way, and the error to show in it. The dialog can't be closed while the request runs;
// a failure keeps it open with the server's message (or `fallback` when the server gave none).
import { useState } from "react";
import { ApiRequestError } from "./api";

export function useConfirmedAction(run: () => Promise<unknown>, onDone: () => void, fallback: string) {
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
      await run();
      setOpen(false);
      onDone();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return { open, busy, error, show: () => setOpen(true), close, confirm };
}
