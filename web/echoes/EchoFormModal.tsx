// Create / edit an Echo: every field, name required, the spec's enum values as selects.
import { type FormEvent, useId, useState } from "react";
import { type Echo, type EchoInput, type Expertise, type Personality, type VoiceStyle } from "../../protocol/echo";
import { RECORDING_NOTICE } from "../../protocol/phone";
import { ApiRequestError, api } from "../lib/api";
import { Alert, Button, Modal, Select, TextArea, TextInput } from "../ui";
import { EXPERTISE_OPTIONS, PERSONALITY_OPTIONS, VOICE_STYLE_OPTIONS } from "./labels";

export const SAVE_FAILED = "Failed to save echo. Please try again.";
const NAME_MAX = 80;
const DESCRIPTION_MAX = 500;
const INSTRUCTIONS_MAX = 4000;

const EMPTY: Required<EchoInput> = {
  name: "",
  description: "",
  personality: "friendly",
  expertise: "general",
  instructions: "",
  voiceStyle: "default",
  recordCalls: true,
  rememberCallers: true,
};

/** `echo` null: create a new one. Calls onSaved with the server's copy. */
export function EchoFormModal({ echo, onClose, onSaved }: { echo: Echo | null; onClose: () => void; onSaved: (echo: Echo) => void }) {
  const formId = useId();
  const [form, setForm] = useState<Required<EchoInput>>(() =>
    echo
      ? {
          name: echo.name,
          description: echo.description,
          personality: echo.personality,
          expertise: echo.expertise,
          instructions: echo.instructions,
          voiceStyle: echo.voiceStyle,
          recordCalls: echo.recordCalls,
          rememberCallers: echo.rememberCallers,
        }
      : EMPTY,
  );
  const [nameError, setNameError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof EchoInput>(key: K, value: Required<EchoInput>[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.name.trim()) {
      setNameError("Echo name is required.");
      document.getElementById(`${formId}-name`)?.focus();
      return;
    }
    setNameError(null);
    setSaveError(null);
    setSaving(true);
    try {
      const saved = echo
        ? await api<Echo>(`/api/echoes/${encodeURIComponent(echo.id)}`, { method: "PUT", body: form })
        : await api<Echo>("/api/echoes", { method: "POST", body: form });
      onSaved(saved);
    } catch (err) {
      // A bad field (400) or the Echo limit (409) says what to do; anything else gets the generic message.
      setSaveError(err instanceof ApiRequestError && (err.status === 400 || err.status === 409) ? err.message : "");
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!saving}
      closeWhenHidden={false}
      size="lg"
      title={echo ? "Edit Echo" : "Create New Echo"}
      description={echo ? "Changes apply to the next call this Echo answers." : "Design an assistant: who it is, what it knows and how it sounds."}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {echo ? "Save Changes" : "Create Echo"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {saveError !== null ? (
          <Alert title={SAVE_FAILED}>{saveError || undefined}</Alert>
        ) : null}
        <TextInput
          id={`${formId}-name`}
          label="Name"
          required
          autoFocus
          maxLength={NAME_MAX}
          value={form.name}
          error={nameError ?? undefined}
          onChange={(e) => {
            set("name", e.target.value);
            if (nameError && e.target.value.trim()) setNameError(null);
          }}
          placeholder="e.g. Sage"
        />
        <TextArea
          label="Description"
          rows={2}
          maxLength={DESCRIPTION_MAX}
          value={form.description}
          onChange={(e) => set("description", e.target.value)}
          placeholder="What is this Echo for?"
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Select label="Personality" options={PERSONALITY_OPTIONS} value={form.personality} onChange={(e) => set("personality", e.target.value as Personality)} />
          <Select label="Expertise" options={EXPERTISE_OPTIONS} value={form.expertise} onChange={(e) => set("expertise", e.target.value as Expertise)} />
          <Select label="Voice style" options={VOICE_STYLE_OPTIONS} value={form.voiceStyle} onChange={(e) => set("voiceStyle", e.target.value as VoiceStyle)} />
        </div>
        <TextArea
          label="Instructions"
          rows={6}
          maxLength={INSTRUCTIONS_MAX}
          value={form.instructions}
          onChange={(e) => set("instructions", e.target.value)}
          hint={`How it should talk and what to focus on. ${form.instructions.length}/${INSTRUCTIONS_MAX}`}
          placeholder="e.g. Keep answers short. Ask one question at a time."
        />
        <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
          <input
            id={`${formId}-record`}
            type="checkbox"
            role="switch"
            aria-checked={form.recordCalls}
            aria-describedby={`${formId}-record-hint`}
            checked={form.recordCalls}
            onChange={(e) => set("recordCalls", e.target.checked)}
            className="mt-0.5 h-5 w-5 accent-indigo-600"
          />
          <div className="text-sm">
            <label htmlFor={`${formId}-record`} className="font-medium text-slate-900">
              Record calls
            </label>
            <p id={`${formId}-record-hint`} className="text-xs text-slate-600">
              Keeps each call's audio next to its transcript (deleted after 90 days). Phone callers first hear “{RECORDING_NOTICE}”
            </p>
          </div>
        </div>
        <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
          <input
            id={`${formId}-remember`}
            type="checkbox"
            role="switch"
            aria-checked={form.rememberCallers}
            aria-describedby={`${formId}-remember-hint`}
            checked={form.rememberCallers}
            onChange={(e) => set("rememberCallers", e.target.checked)}
            className="mt-0.5 h-5 w-5 accent-indigo-600"
          />
          <div className="text-sm">
            <label htmlFor={`${formId}-remember`} className="font-medium text-slate-900">
              Remember callers
            </label>
            <p id={`${formId}-remember-hint`} className="text-xs text-slate-600">
              After each of your own calls it keeps what you shared (names, plans, likes, what to ask you about) and greets you with it next time. Off: nothing is kept or used. See and delete it under Memory.
            </p>
          </div>
        </div>
      </form>
    </Modal>
  );
}
