// A short confirmation on the Echoes tab ("Saved", "Duplicated as …", who answers the phone after a
// deactivation): a polite live region that is always in the page, so screen readers announce each new
// message, and a small card that shows it for a few seconds (or until dismissed).
import { useCallback, useEffect, useRef, useState } from "react";
import { CloseIcon } from "../ui/CloseIcon";

export const TOAST_MS = 6000;

export interface ToastApi {
  message: string | null;
  show: (message: string) => void;
  dismiss: () => void;
}

/** The toast's state: `show` replaces the message and restarts its timer. */
export function useToast(): ToastApi {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  const dismiss = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    setMessage(null);
  }, []);
  const show = useCallback((next: string) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    setMessage(next);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setMessage(null);
    }, TOAST_MS);
  }, []);
  useEffect(() => () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  }, []);
  return { message, show, dismiss };
}

export function Toast({ toast }: { toast: ToastApi }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {toast.message ? (
        <div className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          <span data-testid="toast">{toast.message}</span>
          <button type="button" onClick={toast.dismiss} className="rounded p-1 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white" aria-label="Dismiss">
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}
