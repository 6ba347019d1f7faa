// The Phone card (after the Echoes on the Echoes tab, and on /settings): link the number you call from (a 6-digit code typed on
// the keypad during a call, valid 10 minutes; no SMS), see or unlink it, and choose which Echo answers.
import { useEffect, useState } from "react";
import { DEFAULT_ASSISTANT_NAME, LINK_CODE_TTL_MS, type PhoneSettings } from "../../protocol/phone";
import { telHref } from "../config/phone";
import { ApiRequestError } from "../lib/api";
import { formatDuration } from "../lib/format";
import { useActiveEchoes } from "../lib/useActiveEchoes";
import { Alert, Badge, Button, Card, CardBody, CardHeader, RetryAlert, Select, Spinner } from "../ui";
import { choosePhoneEcho, requestLinkCode, unlinkPhone, usePhoneSettings } from "./phoneStore";

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status !== 0 && err.status < 500 ? err.message : fallback;
}

/** Seconds left until `expiresAt`, ticking every second. */
function useSecondsLeft(expiresAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [expiresAt]);
  // Capped at the code's lifetime: the browser's clock may run a little behind the server's.
  return expiresAt === null ? 0 : Math.min(LINK_CODE_TTL_MS / 1000, Math.max(0, Math.ceil((expiresAt - now) / 1000)));
}

/** The signed-in user's phone card (`userId`: whose settings it shows); `showAnswer` false leaves out "Who answers" (shown elsewhere on the page). */
export function PhonePanel({ userId, showAnswer = true }: { userId: string; showAnswer?: boolean }) {
  const { state, reload } = usePhoneSettings(userId);
  return (
    <Card role="region" aria-labelledby="phone-heading">
      <CardHeader
        id="phone-heading"
        title="Phone"
        description="Link the number you call from and your Echo answers when you phone in."
        actions={state.status === "ready" ? <LinkBadge settings={state.settings} /> : null}
      />
      <CardBody>
        {state.status === "loading" ? (
          <div className="flex justify-center py-6 text-indigo-600">
            <Spinner label="Loading your phone settings" />
          </div>
        ) : state.status === "error" ? (
          <Alert
            title="Failed to load your phone settings"
            action={
              <Button size="sm" variant="secondary" onClick={reload}>
                Try again
              </Button>
            }
          >
            {state.message}
          </Alert>
        ) : (
          <div className={showAnswer ? "grid gap-6 md:grid-cols-2" : "grid gap-6"}>
            <LinkSection settings={state.settings} />
            {showAnswer ? <AnswerSection settings={state.settings} /> : null}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function LinkBadge({ settings }: { settings: PhoneSettings }) {
  return settings.linkedNumber ? <Badge tone="success">Linked</Badge> : <Badge>Not linked</Badge>;
}

function LinkSection({ settings }: { settings: PhoneSettings }) {
  const [busy, setBusy] = useState<"code" | "unlink" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);
  const pending = settings.pendingCode;
  const secondsLeft = useSecondsLeft(pending?.expiresAt ?? null);
  const expired = pending !== null && secondsLeft === 0;
  const number = settings.publicNumber;

  async function newCode() {
    setBusy("code");
    setError(null);
    try {
      await requestLinkCode();
    } catch (err) {
      setError(errorText(err, "Could not create a link code. Please try again."));
    } finally {
      setBusy(null);
    }
  }

  async function unlink() {
    setBusy("unlink");
    setError(null);
    try {
      await unlinkPhone();
      setConfirmUnlink(false);
    } catch (err) {
      setError(errorText(err, "Could not unlink your number. Please try again."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="phone-link-heading" className="flex flex-col gap-3">
      <h3 id="phone-link-heading" className="text-sm font-semibold text-slate-900">
        Your phone number
      </h3>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      <p role="status" className="sr-only">
        {settings.linkedNumber ? `Linked: ${settings.linkedNumber}` : pending && !expired ? "Waiting for your call" : expired ? "Your code expired." : ""}
      </p>
      {settings.linkedNumber ? (
        <>
          <p className="text-sm text-slate-600">
            Calls from <span className="font-medium text-slate-900">{settings.linkedNumber}</span> to{" "}
            <a href={telHref(number)} className="font-medium text-indigo-600 hover:text-indigo-500">
              {number}
            </a>{" "}
            are yours: your Echo answers and they appear in your call history.
          </p>
          {confirmUnlink ? (
            <div role="group" aria-label="Confirm unlinking" className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-slate-700">Unlink {settings.linkedNumber}?</span>
              <Button size="sm" variant="danger" loading={busy === "unlink"} onClick={() => void unlink()}>
                Unlink
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirmUnlink(false)}>
                Cancel
              </Button>
            </div>
          ) : (
            <div>
              <Button size="sm" variant="secondary" onClick={() => setConfirmUnlink(true)}>
                Unlink number
              </Button>
            </div>
          )}
        </>
      ) : pending && !expired ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">
            Call{" "}
            <a href={telHref(number)} className="font-medium text-indigo-600 hover:text-indigo-500">
              {number}
            </a>{" "}
            from your phone and type this code on the keypad:
          </p>
          <p
            className="font-mono text-3xl font-semibold tracking-[0.3em] text-slate-900"
            aria-label={`Link code ${pending.code.split("").join(" ")}`}
          >
            {pending.code}
          </p>
          {/* Not a live region: the countdown ticks every second (the state changes are announced below). */}
          <p className="flex items-center gap-2 text-xs text-slate-500">
            <Spinner size="sm" /> Waiting for your call · valid for {formatDuration(secondsLeft)}
          </p>
          <div>
            <Button size="sm" variant="ghost" loading={busy === "code"} onClick={() => void newCode()}>
              New code
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            {expired ? "Your code expired. " : ""}Get a 6-digit code, call{" "}
            <a href={telHref(number)} className="font-medium text-indigo-600 hover:text-indigo-500">
              {number}
            </a>{" "}
            and type it on the keypad. Until you link a number, the built-in assistant “{DEFAULT_ASSISTANT_NAME}” answers your calls.
          </p>
          <div>
            <Button size="sm" loading={busy === "code"} onClick={() => void newCode()}>
              {expired ? "Get a new code" : "Link my phone number"}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function AnswerSection({ settings }: { settings: PhoneSettings }) {
  const { echoes: list, reload } = useActiveEchoes();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(value: string) {
    setSaving(true);
    setError(null);
    try {
      await choosePhoneEcho(value);
    } catch (err) {
      setError(errorText(err, "Could not change your phone Echo. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  const answering = settings.answeringEcho;
  return (
    <section aria-labelledby="phone-echo-heading" className="flex flex-col gap-3">
      <h3 id="phone-echo-heading" className="text-sm font-semibold text-slate-900">
        Who answers
      </h3>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      {list.status === "loading" ? (
        <Spinner size="sm" label="Loading your Echoes" />
      ) : list.status === "error" ? (
        <RetryAlert title="Could not load your Echoes" onRetry={reload} />
      ) : list.echoes.length === 0 ? (
        <p className="text-sm text-slate-600">
          You have no active Echo yet, so the built-in assistant “{DEFAULT_ASSISTANT_NAME}” answers. Create or activate an Echo below.
        </p>
      ) : (
        <Select
          label="Phone Echo"
          hint={answering ? `Answering now: ${answering.name}` : `Answering now: the built-in assistant “${DEFAULT_ASSISTANT_NAME}”`}
          value={answering?.id ?? ""}
          disabled={saving}
          aria-busy={saving || undefined}
          onChange={(e) => void choose(e.target.value)}
          options={list.echoes.map((e) => ({ value: e.id, label: e.name }))}
        />
      )}
    </section>
  );
}
