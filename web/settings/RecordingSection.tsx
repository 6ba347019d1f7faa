// Settings → "Calls without an Echo": whether the account's phone calls are recorded when none of its
// Echoes is active (the built-in assistant answers them then). An Echo's own calls follow its "Record
// calls" switch. GET/PUT /api/settings/recording.
import { useCallback, useEffect, useId, useState } from "react";
import { RECORDING_NOTICE } from "../../protocol/phone";
import type { RecordingSettings } from "../../protocol/recording-settings";
import { ApiRequestError, api } from "../lib/api";
import { Alert, Card, CardBody, CardHeader, LoadingBlock, RetryAlert } from "../ui";

type State = { status: "loading" } | { status: "error" } | { status: "ready"; settings: RecordingSettings };

export function RecordingSection() {
  const id = useId();
  const [state, setState] = useState<State>({ status: "loading" });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setState({ status: "loading" });
    try {
      setState({ status: "ready", settings: await api<RecordingSettings>("/api/settings/recording") });
    } catch {
      setState({ status: "error" });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function change(on: boolean) {
    setSaving(true);
    setSaveError(null);
    try {
      const settings = await api<RecordingSettings>("/api/settings/recording", { method: "PUT", body: { recordCallsWithoutEcho: on } });
      setState({ status: "ready", settings });
    } catch (err) {
      setSaveError(err instanceof ApiRequestError && err.status !== 0 && err.status < 500 ? err.message : "Could not save the setting. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={`${id}-heading`}>
      <CardHeader
        id={`${id}-heading`}
        title="Calls without an Echo"
        description="When none of your Echoes is active, the built-in assistant answers your phone calls."
        headingLevel={3}
      />
      <CardBody>
        {state.status === "loading" ? <LoadingBlock label="Loading the recording setting" className="py-6" /> : null}
        {state.status === "error" ? <RetryAlert title="Could not load the recording setting." onRetry={() => void load()} /> : null}
        {state.status === "ready" ? (
          <div className="flex flex-col gap-3">
            <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
              <input
                id={`${id}-record`}
                type="checkbox"
                role="switch"
                aria-checked={state.settings.recordCallsWithoutEcho}
                aria-describedby={`${id}-record-hint`}
                checked={state.settings.recordCallsWithoutEcho}
                disabled={saving}
                onChange={(e) => void change(e.target.checked)}
                className="mt-0.5 h-5 w-5 accent-indigo-600"
              />
              <div className="text-sm">
                <label htmlFor={`${id}-record`} className="font-medium text-slate-900">
                  Record these calls
                </label>
                <p id={`${id}-record-hint`} className="text-xs text-slate-600">
                  Keeps each call's audio next to its transcript (deleted after 90 days). Phone callers first hear “{RECORDING_NOTICE}”
                </p>
              </div>
            </div>
            {saveError ? (
              <Alert tone="error" title="Not saved">
                {saveError}
              </Alert>
            ) : null}
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
