// Settings → Time zone: the zone your Echo tells the time in and schedules callbacks in (quiet hours
// 21:00–08:00 there). Defaults to the browser's; any IANA zone the browser knows can be chosen.
import { useEffect, useMemo, useState } from "react";
import type { TimeZoneSetting } from "../../protocol/time-zone";
import { api, ApiRequestError } from "../lib/api";
import { Alert, Button, Card, CardBody, CardHeader, LoadingBlock, RetryAlert, Select } from "../ui";
import { browserTimeZone } from "./browserTimeZone";

function zones(current: string | null): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  const known = intl.supportedValuesOf?.("timeZone") ?? [];
  const all = new Set(["UTC", ...known]);
  const browser = browserTimeZone();
  if (browser) all.add(browser);
  if (current) all.add(current);
  return [...all].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}

type Load = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; timeZone: string | null };

export function TimeZoneSection() {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [choice, setChoice] = useState("");
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api<TimeZoneSetting>("/api/profile/time-zone", { signal: controller.signal }).then(
      (s) => {
        setLoad({ status: "ready", timeZone: s.timeZone });
        setChoice(s.timeZone ?? browserTimeZone() ?? "UTC");
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: "error", message: err instanceof Error ? err.message : "Please try again." });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const options = useMemo(() => zones(load.status === "ready" ? load.timeZone : null).map((z) => ({ value: z, label: z.replace(/_/g, " ") })), [load]);

  async function save() {
    setSaving(true);
    setNote(null);
    try {
      const s = await api<TimeZoneSetting>("/api/profile/time-zone", { method: "PUT", body: { timeZone: choice } });
      setLoad({ status: "ready", timeZone: s.timeZone });
      setNote({ tone: "success", text: "Time zone saved." });
    } catch (err) {
      setNote({ tone: "error", text: err instanceof ApiRequestError && err.status < 500 && err.status !== 0 ? err.message : "The time zone could not be saved. Please try again." });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card role="region" aria-labelledby="time-zone-heading">
      <CardHeader id="time-zone-heading" title="Time zone" headingLevel={3} description="Your Echo tells the time and calls you back in this time zone (no callbacks 21:00–08:00 unless you name the time)." />
      <CardBody>
        {load.status === "loading" ? (
          <LoadingBlock label="Loading your time zone" className="py-6" />
        ) : load.status === "error" ? (
          <RetryAlert title="Failed to load your time zone" onRetry={() => setAttempt((n) => n + 1)}>
            {load.message}
          </RetryAlert>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-end gap-3">
              <Select label="Time zone" value={choice} onChange={(e) => setChoice(e.target.value)} options={options} fieldClassName="min-w-0 flex-1 sm:max-w-sm" />
              <Button onClick={save} disabled={saving || choice === load.timeZone}>
                {saving ? "Saving…" : "Save"}
              </Button>
            </div>
            {note ? (
              <Alert tone={note.tone}>
                {note.text}
              </Alert>
            ) : null}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
