// A transcript entry's action lines (issue 42 §2): what the Echo did during that turn — remembered
// something, scheduled or cancelled a callback, listed follow-ups, ended the call — or why it didn't
// (asked back, didn't work, not available). Shown under the Echo's words in the live transcript, the
// test call and Call Details.
import type { ActionLine, ActionName, ActionStatus } from "../../../protocol/call-messages";
import { Badge, type BadgeTone } from "../Badge";

const TITLES: Record<ActionName, string> = {
  remember: "Remember",
  forget: "Forget",
  schedule_callback: "Callback",
  cancel_callback: "Cancel callback",
  list_follow_ups: "Follow-ups",
  end_call: "End call",
};

const STATUS: Record<Exclude<ActionStatus, "done">, { label: string; tone: BadgeTone }> = {
  asked: { label: "Asked back", tone: "accent" },
  failed: { label: "Didn't work", tone: "danger" },
  unavailable: { label: "Not available", tone: "neutral" },
};

export function ActionLines({ actions }: { actions: readonly ActionLine[] | undefined }) {
  if (!actions?.length) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1" aria-label="Actions">
      {actions.map((a, i) => (
        <li key={i} data-testid="action-line" data-action={a.action} data-status={a.status} className="flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
          <span aria-hidden="true" className="text-indigo-600">
            ↳
          </span>
          <span className="sr-only">Action:</span>
          <span className="font-medium">{a.status === "done" ? a.summary : `${TITLES[a.action]}: ${a.summary}`}</span>
          {a.status === "done" ? null : <Badge tone={STATUS[a.status].tone}>{STATUS[a.status].label}</Badge>}
        </li>
      ))}
    </ul>
  );
}
