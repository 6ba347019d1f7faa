// /verify-email#token=…: the landing of the verification link. It proves the address (signed in or not).
import { useEffect, useRef, useState } from "react";
import { useAuth } from "./AuthProvider";
import { authErrorMessage } from "./messages";
import { api } from "../lib/api";
import { Alert, Spinner, buttonClasses } from "../ui";
import { AccountPage } from "./AccountPage";
import { linkTokenFromHash } from "./linkToken";

type State = { status: "verifying" } | { status: "done" } | { status: "error"; message: string };

export function VerifyEmailPage() {
  const { refresh } = useAuth();
  const token = useRef(linkTokenFromHash(window.location.hash));
  const [state, setState] = useState<State>(() => (token.current ? { status: "verifying" } : { status: "error", message: "This verification link is incomplete. Open the link from the email again." }));

  useEffect(() => {
    const value = token.current;
    if (!value) return;
    token.current = null; // once, also under React's double effects
    history.replaceState(null, "", "/verify-email"); // the token leaves the address bar
    api("/api/account/verify-email", { body: { token: value } })
      .then(async () => {
        setState({ status: "done" });
        await refresh();
      })
      .catch((err: unknown) => setState({ status: "error", message: authErrorMessage(err) }));
  }, [refresh]);

  return (
    <AccountPage title="Verify your email">
      {state.status === "verifying" ? <Spinner label="Verifying your email address" className="text-indigo-600" /> : null}
      {state.status === "done" ? <Alert tone="success" title="Your email address is verified">People can now invite you to their calls.</Alert> : null}
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
      {state.status !== "verifying" ? (
        <a href="/" className={buttonClasses("primary", "md", "self-start")}>
          Go to Echo
        </a>
      ) : null}
    </AccountPage>
  );
}
