// Settings → Link by a call from Echo (issue 42 §4): enter your number, Echo calls it, and you type the
// code shown here on the keypad. This proves the number is yours without trusting caller ID (linking by
// calling in works only when your carrier vouches for your number).
import { useState, type FormEvent } from "react";
import type { PhoneLinkCall } from "../../protocol/phone";
import { api, ApiRequestError } from "../lib/api";
import { Alert, Button, Card, CardBody, CardHeader, TextInput } from "../ui";

export function LinkByCallSection() {
  const [number, setNumber] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PhoneLinkCall | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setPlaced(await api<PhoneLinkCall>("/api/phone/link-call", { method: "POST", body: { number } }));
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status !== 0 ? err.message : "Echo couldn't call you just now. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card role="region" aria-labelledby="link-call-heading">
      <CardHeader id="link-call-heading" title="Link your number by a call from Echo" headingLevel={3} description="Echo calls you; you type the code shown here on your keypad." />
      <CardBody>
        <div className="flex flex-col gap-3">
          {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
          {placed ? (
            <div role="status" className="flex flex-col gap-2">
              <p className="text-sm text-slate-600">
                Echo is calling <span className="font-medium text-slate-900">{placed.number}</span>. When you answer, type this code on the keypad:
              </p>
              <p className="font-mono text-3xl font-semibold tracking-[0.3em] text-slate-900" aria-label={`Link code ${placed.code.split("").join(" ")}`}>
                {placed.code}
              </p>
            </div>
          ) : null}
          <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
            <TextInput
              label="Your phone number"
              hint="With its country code, like +1 555 010 1234."
              type="tel"
              autoComplete="tel"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              required
              fieldClassName="min-w-0 flex-1 sm:max-w-sm"
            />
            <Button type="submit" loading={busy} disabled={number.trim().length < 7}>
              {placed ? "Call me again" : "Call me"}
            </Button>
          </form>
        </div>
      </CardBody>
    </Card>
  );
}
