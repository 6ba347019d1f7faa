// "Continue with Google": opens the popup. Without Google configured it stays visible, disabled,
// with the reason spelled out under it.
import { useId, useState } from "react";
import { Button } from "../ui";
import { useAuth } from "./AuthProvider";

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server. Use your email and password instead.";

const googleMark = (
  <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5">
    <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z" />
    <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z" />
    <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44Z" />
    <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z" />
  </svg>
);

/** `enabled` is null while the public config is still loading (the button waits, without a verdict). */
export function GoogleButton({ enabled, onError }: { enabled: boolean | null; onError: (message: string | null) => void }) {
  const { signInWithGoogle } = useAuth();
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  async function start() {
    onError(null);
    setBusy(true);
    try {
      await signInWithGoogle();
    } catch (err) {
      onError(err instanceof Error ? err.message : "Google sign-in failed. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        icon={googleMark}
        loading={busy}
        disabled={!enabled}
        aria-describedby={enabled === false ? hintId : undefined}
        onClick={start}
      >
        Continue with Google
      </Button>
      {enabled === false ? (
        <p id={hintId} className="text-center text-xs text-slate-500">
          {GOOGLE_NOT_CONFIGURED}
        </p>
      ) : null}
    </div>
  );
}
