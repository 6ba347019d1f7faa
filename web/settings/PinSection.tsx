// The phone PIN on /settings (issue 42 §4): caller ID can be forged, so a phone call from the linked
// number is only trusted with the owner's personal things (memory, follow-ups, callbacks) once the caller
// keys in this PIN, then #. Set, change or remove it here; it is stored hashed and never shown again.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { PHONE_PIN_PATTERN, type PhonePinStatus } from "../../protocol/phone";
import { api, ApiRequestError } from "../lib/api";
import { Alert, Badge, Button, Card, CardBody, CardHeader, Spinner, TextInput } from "../ui";

type Load = { status: "loading" } | { status: "error" } | { status: "ready"; hasPin: boolean };

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status !== 0 && err.status < 500 ? err.message : fallback;
}

export function PinSection() {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [pin, setPin] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    api<PhonePinStatus>("/api/phone/pin", { signal: controller.signal }).then(
      (s) => setLoad({ status: "ready", hasPin: s.hasPin }),
      () => {
        if (!controller.signal.aborted) setLoad({ status: "error" });
      },
    );
    return () => controller.abort();
  }, []);
  useEffect(reload, [reload]);

  async function save(ev: FormEvent) {
    ev.preventDefault();
    setSaved(null);
    if (!PHONE_PIN_PATTERN.test(pin)) {
      setProblem("The PIN must be 4 to 8 digits.");
      return;
    }
    setBusy(true);
    try {
      const s = await api<PhonePinStatus>("/api/phone/pin", { method: "PUT", body: { pin } });
      setLoad({ status: "ready", hasPin: s.hasPin });
      setPin("");
      setProblem(null);
      setSaved("Your PIN is saved. On a call from your linked number, key it in, then the hash key (#).");
    } catch (err) {
      setProblem(errorText(err, "Couldn't save your PIN. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setSaved(null);
    setBusy(true);
    try {
      const s = await api<PhonePinStatus>("/api/phone/pin", { method: "DELETE" });
      setLoad({ status: "ready", hasPin: s.hasPin });
      setSaved("Your PIN is removed.");
    } catch (err) {
      setProblem(errorText(err, "Couldn't remove your PIN. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card role="region" aria-labelledby="pin-heading">
      <CardHeader
        id="pin-heading"
        title="Phone PIN"
        headingLevel={3}
        description="Caller ID can be faked. Your Echo shares what it remembers and takes personal requests on the phone only after you key in this PIN."
        actions={load.status === "ready" ? load.hasPin ? <Badge tone="success">PIN set</Badge> : <Badge>No PIN</Badge> : null}
      />
      <CardBody>
        {load.status === "loading" ? (
          <div className="flex justify-center py-4 text-indigo-600">
            <Spinner label="Loading your PIN setting" />
          </div>
        ) : load.status === "error" ? (
          <Alert
            title="Failed to load your PIN setting"
            action={
              <Button size="sm" variant="secondary" onClick={reload}>
                Try again
              </Button>
            }
          >
            Please check your connection.
          </Alert>
        ) : (
          <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={save} noValidate>
            <TextInput
              label={load.hasPin ? "New PIN" : "PIN"}
              hint="4 to 8 digits."
              error={problem ?? undefined}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              onChange={(e) => {
                setPin(e.target.value.replace(/\D/g, ""));
                setProblem(null);
              }}
              fieldClassName="sm:w-48"
            />
            <div className="flex gap-2 sm:mt-7">
              <Button type="submit" disabled={busy}>
                {load.hasPin ? "Change PIN" : "Set PIN"}
              </Button>
              {load.hasPin ? (
                <Button type="button" variant="secondary" disabled={busy} onClick={() => void remove()}>
                  Remove PIN
                </Button>
              ) : null}
            </div>
          </form>
        )}
        {saved ? (
          <p role="status" className="mt-3 text-sm text-emerald-700">
            {saved}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
