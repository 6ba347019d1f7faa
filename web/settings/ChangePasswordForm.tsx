// Change password (Settings → Account security): the current password, then the new one. On success
// every other device is signed out; this one stays.
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../protocol/api";
import { api } from "../lib/api";
import { errorMessage } from "../lib/errorMessage";
import { Alert, Button, TextInput } from "../ui";

export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setDone(null);
    if (!currentPassword) return setError("Please enter your current password.");
    if (newPassword.length < PASSWORD_MIN_LENGTH) return setError("Password should be at least 6 characters.");
    setSaving(true);
    try {
      const { endedSessions } = await api<{ endedSessions: number }>("/api/account/password", { body: { currentPassword, newPassword } });
      setCurrent("");
      setNew("");
      setDone(endedSessions > 0 ? `Your password is changed. ${endedSessions === 1 ? "1 other device was" : `${endedSessions} other devices were`} signed out.` : "Your password is changed.");
      onChanged();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4" aria-labelledby="change-password-heading">
      <h4 id="change-password-heading" className="text-sm font-semibold text-slate-900">
        Change password
      </h4>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      <TextInput
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
        required
      />
      <TextInput
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
        required
      />
      <div>
        <Button type="submit" loading={saving}>
          {saving ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
