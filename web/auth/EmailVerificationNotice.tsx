// The dashboard's notice for an account whose email address is not verified yet: until it is, nobody
// can invite it to their calls. Resend mails a new link. Shown on the Calls tab, Insights and Settings
// (not over a Test Call: on a phone its controls must stay in view).
import { useState } from "react";
import type { UserProfile } from "../../protocol/api";
import { authErrorMessage } from "./messages";
import { api } from "../lib/api";
import { Alert, Button } from "../ui";

export function EmailVerificationNotice({ user }: { user: UserProfile }) {
  const [state, setState] = useState<{ status: "idle" | "sending" | "sent" } | { status: "error"; message: string }>({ status: "idle" });
  if (user.emailVerified) return null;

  async function resend() {
    setState({ status: "sending" });
    try {
      await api<null>("/api/account/verify-email/resend", { method: "POST" });
      setState({ status: "sent" });
    } catch (err) {
      setState({ status: "error", message: authErrorMessage(err) });
    }
  }

  return (
    <Alert
      tone="warning"
      className="mb-6"
      title="Please verify your email address"
      action={
        <Button size="sm" variant="secondary" loading={state.status === "sending"} onClick={() => void resend()}>
          Resend
        </Button>
      }
    >
      <p>
        We sent a link to <span className="font-medium break-all">{user.email}</span>. Until you open it, nobody can invite you to their calls.
      </p>
      {state.status === "sent" ? <p className="mt-1 font-medium">A new link is on its way. Check your inbox.</p> : null}
      {state.status === "error" ? <p className="mt-1 font-medium text-rose-700">{state.message}</p> : null}
    </Alert>
  );
}
