// /reset-password: without a token, ask for a reset link by email (the answer is the same whether or
// not the address has an account); with #token=… (the emailed link), choose a new password.
import { type FormEvent, useEffect, useState } from "react";
import { AUTH_ERROR_MESSAGES, PASSWORD_MIN_LENGTH, RESET_REQUESTED_MESSAGE } from "../../protocol/api";
import { authErrorMessage } from "./messages";
import { api } from "../lib/api";
import { Alert, Button, TextInput, buttonClasses } from "../ui";
import { AccountPage } from "./AccountPage";
import { linkTokenFromHash } from "./linkToken";

export function ResetPasswordPage() {
  const [token, setToken] = useState(() => linkTokenFromHash(window.location.hash));
  // The link opened in the tab that asked for it (only the fragment changes: no new page load).
  useEffect(() => {
    const onHash = () => {
      const next = linkTokenFromHash(window.location.hash);
      if (next) setToken(next);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  return token ? <ChooseNewPassword key={token} token={token} /> : <RequestLink />;
}

function RequestLink() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError(AUTH_ERROR_MESSAGES["invalid-email"]);
    setSending(true);
    try {
      await api("/api/account/password-reset", { body: { email } });
      setSent(true);
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <AccountPage title="Reset your password">
      {sent ? (
        <Alert tone="success">{RESET_REQUESTED_MESSAGE}</Alert>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p>Enter the email address of your account and we'll send you a link to choose a new password.</p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextInput id="reset-email" label="Email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          <Button type="submit" loading={sending} className="w-full">
            {sending ? "Sending…" : "Send reset link"}
          </Button>
        </form>
      )}
      <a href="/?auth=true" className="self-start font-semibold text-indigo-700 hover:underline">
        Back to sign in
      </a>
    </AccountPage>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(AUTH_ERROR_MESSAGES["weak-password"]);
    setSaving(true);
    try {
      await api<null>("/api/account/password-reset/confirm", { body: { token, newPassword: password } });
      history.replaceState(null, "", "/reset-password"); // the used token leaves the address bar
      setDone(true);
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AccountPage title="Choose a new password">
      {done ? (
        <>
          <Alert tone="success" title="Your password is changed">Every device was signed out. Sign in with your new password.</Alert>
          <a href="/?auth=true" className={buttonClasses("primary", "md", "self-start")}>
            Sign in
          </a>
        </>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextInput
            id="reset-new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
            required
          />
          <Button type="submit" loading={saving} className="w-full">
            {saving ? "Saving…" : "Set new password"}
          </Button>
        </form>
      )}
    </AccountPage>
  );
}
