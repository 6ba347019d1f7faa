// Echoes tab (spec §2): a grid of all the user's Echoes (inactive ones shown as inactive) with Edit,
// Test Call, Duplicate and Deactivate/Activate, and Create New Echo opening the create/edit modal. Above
// the grid, who answers the user's phone (with a control to change it); a saved edit, a copy and a
// deactivation of the Echo that answers are confirmed in a polite toast.
import { useState } from "react";
import type { Echo } from "../../protocol/echo";
import { api } from "../lib/api";
import type { TabProps } from "../lib/tabs";
import { Alert, Button, EmptyState, LoadingBlock, RetryAlert } from "../ui";
import { EchoCard } from "./EchoCard";
import { handedOverText } from "./answerText";
import { EchoFormModal } from "./EchoFormModal";
import { PhoneAnswerLine } from "./PhoneAnswerLine";
import { MemoryModal } from "./MemoryModal";
import { PhonePanel } from "./PhonePanel";
import { currentPhoneSettings } from "./phoneSnapshot";
import { refreshPhoneSettings, usePhoneSettings } from "./phoneStore";
import { Toast, useToast } from "./Toast";
import { testCallMessage } from "./testCallMessage";
import { useEchoes } from "./useEchoes";

export const LOAD_FAILED = "Failed to load echoes";
export const TOGGLE_FAILED = "Failed to update echo status.";
export const DUPLICATE_FAILED = "Could not duplicate the Echo. Please try again.";

type Editing = { mode: "create" } | { mode: "edit"; echo: Echo } | null;

const plusIcon = (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
    <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
  </svg>
);

export function EchoesTab({ user, config }: TabProps) {
  const { state, reload, put } = useEchoes();
  const [editing, setEditing] = useState<Editing>(null);
  const [memoryOf, setMemoryOf] = useState<Echo | null>(null);
  const [toggling, setToggling] = useState<Set<string>>(new Set());
  const [toggleError, setToggleError] = useState(false);
  const [duplicateError, setDuplicateError] = useState(false);
  const [duplicating, setDuplicating] = useState<string | null>(null);
  const toast = useToast();
  const { state: phone } = usePhoneSettings(user.id);

  async function toggle(echo: Echo) {
    setToggleError(false);
    setToggling((s) => new Set(s).add(echo.id));
    const answered = echo.isActive && currentPhoneSettings()?.answeringEcho?.id === echo.id;
    try {
      put(await api<Echo>(`/api/echoes/${encodeURIComponent(echo.id)}`, { method: "PATCH", body: { isActive: !echo.isActive } }));
      if (answered) {
        // It answered the phone: say what answers now (the server handed the phone over).
        try {
          toast.show(handedOverText(echo.name, await refreshPhoneSettings()));
        } catch {
          toast.show(`${echo.name} no longer answers your phone. See Settings for who does now.`);
        }
      }
    } catch {
      setToggleError(true);
    } finally {
      setToggling((s) => {
        const next = new Set(s);
        next.delete(echo.id);
        return next;
      });
    }
  }

  async function duplicate(echo: Echo) {
    setDuplicateError(false);
    setDuplicating(echo.id);
    try {
      const copy = await api<Echo>(`/api/echoes/${encodeURIComponent(echo.id)}/duplicate`, { method: "POST" });
      put(copy);
      toast.show(`Duplicated as “${copy.name}”.`);
    } catch {
      setDuplicateError(true);
    } finally {
      setDuplicating(null);
    }
  }

  const create = (
    <Button icon={plusIcon} onClick={() => setEditing({ mode: "create" })}>
      Create New Echo
    </Button>
  );

  return (
    <section aria-labelledby="echoes-heading" className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="echoes-heading" className="text-xl font-semibold text-slate-900">
            Echoes
          </h2>
          <p className="mt-1 text-sm text-slate-500">Your assistants: their personality, expertise and voice.</p>
        </div>
        {state.status === "ready" && state.echoes.length > 0 ? create : null}
      </header>

      {toggleError ? <Alert onDismiss={() => setToggleError(false)}>{TOGGLE_FAILED}</Alert> : null}
      {duplicateError ? <Alert onDismiss={() => setDuplicateError(false)}>{DUPLICATE_FAILED}</Alert> : null}
      {state.status === "ready" && state.echoes.length > 0 ? <PhoneAnswerLine userId={user.id} onChosen={toast.show} /> : null}

      {state.status === "loading" ? (
        <LoadingBlock label="Loading your Echoes" className="py-16" />
      ) : state.status === "error" ? (
        <RetryAlert title={LOAD_FAILED} onRetry={reload} />
      ) : state.echoes.length === 0 ? (
        <EmptyState
          title="No Echoes yet"
          action={create}
          icon={
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="M12 18.75a6 6 0 0 0 6-6v-1.5m-6 7.5a6 6 0 0 1-6-6v-1.5m6 7.5v3.75m-3.75 0h7.5M12 15.75a3 3 0 0 1-3-3V4.5a3 3 0 1 1 6 0v8.25a3 3 0 0 1-3 3Z" />
            </svg>
          }
        >
          Create your first Echo: give it a name, a personality and an area of expertise, then call it.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your Echoes">
          {state.echoes.map((echo) => (
            <li key={echo.id} className="flex">
              <EchoCard
                echo={echo}
                toggling={toggling.has(echo.id)}
                duplicating={duplicating === echo.id}
                answersPhone={phone.status === "ready" && phone.settings.answeringEcho?.id === echo.id}
                onDuplicate={() => void duplicate(echo)}
                onEdit={() => setEditing({ mode: "edit", echo })}
                onTestCall={() => window.alert(testCallMessage(echo, config.phoneNumber))}
                onToggleActive={() => void toggle(echo)}
                onDeleted={reload}
                onMemory={() => setMemoryOf(echo)}
              />
            </li>
          ))}
        </ul>
      )}

      {/* After the Echoes: a first Echo comes before linking a phone to it. Who answers is the line above. */}
      <PhonePanel userId={user.id} showAnswer={false} />

      {memoryOf ? <MemoryModal echo={memoryOf} onClose={() => setMemoryOf(null)} /> : null}

      {editing ? (
        <EchoFormModal
          echo={editing.mode === "edit" ? editing.echo : null}
          onClose={() => setEditing(null)}
          onSaved={(echo) => {
            put(echo);
            toast.show(editing.mode === "edit" ? "Saved" : `Created “${echo.name}”.`);
            setEditing(null);
          }}
        />
      ) : null}
      <Toast toast={toast} />
    </section>
  );
}
