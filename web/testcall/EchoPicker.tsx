// The Echo selector: the user's active Echoes, 'Error loading echoes' (with Retry) on failure, and
// when there are none, inactive ones to activate here or a pointer to the Echoes tab.
import type { ReactNode } from "react";
import { Alert, Button, Select, Spinner } from "../ui";
import type { ActiveEchoes } from "../lib/useActiveEchoes";
import { InactiveEchoes } from "./InactiveEchoes";

export function EchoPicker({
  echoes,
  value,
  onChange,
  disabled,
  onRetry,
  emptyAction,
}: {
  echoes: ActiveEchoes;
  value: string;
  onChange: (echoId: string) => void;
  disabled: boolean;
  onRetry: () => void;
  /** Where to create an Echo (e.g. a link to the Echoes tab). */
  emptyAction?: ReactNode;
}) {
  if (echoes.status === "loading") {
    return (
      <div className="flex h-16 items-center gap-2 text-sm text-slate-500">
        <Spinner size="sm" /> Loading your Echoes…
      </div>
    );
  }
  if (echoes.status === "error") {
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        Error loading echoes
      </Alert>
    );
  }
  if (echoes.echoes.length === 0) {
    return (
      <InactiveEchoes createAction={emptyAction} onActivated={onRetry} />
    );
  }
  return (
    <Select
      label="Echo"
      placeholder="Select an Echo…"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
      hint={disabled ? "The Echo can't be changed during a call." : "The assistant to call."}
      options={echoes.echoes.map((e) => ({ value: e.id, label: e.name }))}
    />
  );
}
