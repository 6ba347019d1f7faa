// The Echo selector: the user's active Echoes, 'Error loading echoes' (with Retry) on failure, and
// a pointer to the Echoes tab when there are none.
import type { ReactNode } from "react";
import { Alert, Button, EmptyState, Select, Spinner } from "../ui";
import type { ActiveEchoes } from "../lib/useActiveEchoes";

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
      <EmptyState title="No active Echoes yet" action={emptyAction}>
        Create an Echo (or activate one) in the Echoes tab, then come back to test-call it.
      </EmptyState>
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
