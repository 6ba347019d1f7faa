// Settings' "Your data": "Download all my data" (one zip of everything of the account, GET
// /api/account/export) and "Delete account" (a dialog confirmed with the password, or for an account
// that signs in with Google with its email address; then the session is gone and the app signs out).
import { useId, useState } from "react";
import { ACCOUNT_EXPORT_PATH, ACCOUNT_PATH, type AccountDeletion } from "../../protocol/account-data";
import type { UserProfile } from "../../protocol/api";
import { ApiRequestError, api, reportSessionLost } from "../lib/api";
import { Alert, Button, Card, CardBody, CardHeader, Modal, TextInput, buttonClasses } from "../ui";

type Confirm = "password" | "email";

export function DataSection({ user }: { user: UserProfile }) {
  const [open, setOpen] = useState(false);
  const [confirmWith, setConfirmWith] = useState<Confirm>("password");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setValue("");
    setError(null);
  };
  const submit = async () => {
    setBusy(true);
    setError(null);
    const body: AccountDeletion = confirmWith === "password" ? { password: value } : { email: value };
    try {
      await api<null>(ACCOUNT_PATH, { method: "DELETE", body });
      reportSessionLost(); // the session went with the account: the app finds nobody signed in
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "Could not delete your account. Please try again.");
      setBusy(false);
    }
  };

  return (
    <Card role="region" aria-labelledby="data-heading">
      <CardHeader id="data-heading" title="Your data" headingLevel={3} />
      <CardBody>
        <div className="flex flex-col gap-4 text-sm text-slate-600">
          <div className="flex flex-col gap-2">
            <p>
              One zip file with your profile, your Echoes, and every call: transcripts, summaries and recordings (up to 500 MB of recordings;
              any beyond that are listed with a link).
            </p>
            <a className={buttonClasses("secondary", "md", "self-start")} href={ACCOUNT_EXPORT_PATH} download>
              Download all my data
            </a>
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-4">
            <p>Deleting your account deletes your Echoes, calls, transcripts, recordings and summaries everywhere, and signs you out. It can't be undone.</p>
            <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
              Delete account
            </Button>
          </div>
        </div>
      </CardBody>
      <Modal
        open={open}
        onClose={close}
        dismissible={!busy}
        size="sm"
        closeWhenHidden={false}
        title="Delete your account?"
        description="Everything of your account is deleted for good: Echoes, calls, transcripts, recordings and summaries."
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form={formId} loading={busy} disabled={value.trim() === ""}>
              Delete account
            </Button>
          </>
        }
      >
        <form
          id={formId}
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (value.trim() !== "") void submit();
          }}
        >
          {confirmWith === "password" ? (
            <TextInput label="Your password" type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
          ) : (
            <TextInput
              label={`Type your email address (${user.email}) to confirm`}
              type="email"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoFocus
            />
          )}
          <button
            type="button"
            className="self-start text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
            onClick={() => {
              setConfirmWith(confirmWith === "password" ? "email" : "password");
              setValue("");
              setError(null);
            }}
          >
            {confirmWith === "password" ? "I sign in with Google (no password)" : "I sign in with a password"}
          </button>
          {error ? <Alert title={error} /> : null}
        </form>
      </Modal>
    </Card>
  );
}
