// The Echoes tab's line "Answers your phone: <name>" with a control to change it (the same choice as
// the Phone card's "Who answers" on /settings): an explicit choice, never "the latest edited Echo".
import { useId, useState } from "react";
import { ApiRequestError } from "../lib/api";
import { useActiveEchoes } from "../lib/useActiveEchoes";
import { Alert, Button, Select } from "../ui";
import { answererName, chosenText } from "./answerText";
import { choosePhoneEcho, usePhoneSettings } from "./phoneStore";

export function PhoneAnswerLine({ userId, onChosen }: { userId: string; onChosen: (message: string) => void }) {
  const { state } = usePhoneSettings(userId);
  const { echoes } = useActiveEchoes();
  const [changing, setChanging] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lineId = useId();
  if (state.status !== "ready") return null; // the Phone card below shows loading and errors
  const settings = state.settings;
  const active = echoes.status === "ready" ? echoes.echoes : [];

  async function choose(id: string) {
    setSaving(true);
    setError(null);
    try {
      await choosePhoneEcho(id);
      setChanging(false);
      onChosen(chosenText(active.find((e) => e.id === id)?.name ?? "Your Echo"));
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status !== 0 && err.status < 500 ? err.message : "Could not change who answers your phone. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <div role="group" aria-labelledby={lineId} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p id={lineId} className="min-w-0 text-sm text-slate-700" data-testid="answers-your-phone">
          Answers your phone: <span className="font-semibold text-slate-900">{answererName(settings)}</span>
        </p>
        {active.length > 1 || (active.length === 1 && active[0]!.id !== settings.answeringEcho?.id) ? (
          <Button size="sm" variant="ghost" aria-expanded={changing} onClick={() => setChanging((c) => !c)}>
            {changing ? "Cancel" : "Change"}
          </Button>
        ) : null}
      </div>
      {error ? <Alert onDismiss={() => setError(null)}>{error}</Alert> : null}
      {changing ? (
        <Select
          label="Who answers your phone"
          value={settings.answeringEcho?.id ?? ""}
          placeholder={settings.answeringEcho ? undefined : "Choose an Echo…"}
          disabled={saving}
          aria-busy={saving || undefined}
          onChange={(e) => {
            if (e.target.value) void choose(e.target.value);
          }}
          options={active.map((e) => ({ value: e.id, label: e.name }))}
          fieldClassName="max-w-xs"
        />
      ) : null}
    </div>
  );
}
