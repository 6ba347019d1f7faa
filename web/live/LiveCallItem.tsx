// One live call in the Live Calls list: labelled Live (statusLabel, the word Call History uses too), with
// Join Call and View Transcript (spec §2), and Invite for the call's owner; the "Safety alert" badge once
// the safety net flagged the call. Joined here, it says so and offers Leave instead of Join Call.
import { CALL_IN_PROGRESS } from "../../protocol/call-history";
import type { LiveCallSummary } from "../../protocol/live";
import { statusLabel } from "../lib/callStatus";
import { formatCaller, formatDuration, formatTime } from "../lib/format";
import { Badge, Button, SafetyBadge } from "../ui";
import { JoinedCall } from "./JoinedCall";
import type { LiveListener } from "./liveAudio";

export function liveCallTitle(call: LiveCallSummary): string {
  return `${call.echoName ?? "Echo"} · ${formatCaller(call)}`;
}

export function LiveCallItem({
  call,
  now,
  joining,
  listener,
  onJoin,
  onLeave,
  onView,
  onInvite,
}: {
  call: LiveCallSummary;
  now: number;
  joining: boolean;
  /** Set while the call is joined on this page (its audio). */
  listener: LiveListener | null;
  onJoin: () => void;
  onLeave: () => void;
  onView: () => void;
  onInvite: () => void;
}) {
  const owner = call.role === "owner";
  const invited = call.participants.length;
  /** Which call, for the buttons' accessible names (every row has the same three buttons). */
  const which = `${liveCallTitle(call)}, started ${formatTime(call.startTime)}`;
  return (
    <li data-live-call-id={call.id} className="flex flex-col gap-3 rounded-xl border border-rose-100 bg-rose-50/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone="live">{statusLabel(CALL_IN_PROGRESS)}</Badge>
          <span className="font-medium text-slate-900">{liveCallTitle(call)}</span>
          {call.safetyAlert ? <SafetyBadge category={call.safetyAlert} /> : null}
        </p>
        <p className="mt-1 text-sm text-slate-500">
          Started {formatTime(call.startTime)} · <span className="tabular-nums">{formatDuration((now - call.startTime) / 1000)}</span>
          {" · "}
          {owner ? (invited > 0 ? `Your call · ${invited} invited` : "Your call") : `Shared by ${call.ownerName || "its owner"}`}
        </p>
        {listener ? (
          <div className="mt-2">
            <JoinedCall callId={call.id} listener={listener} which={which} onLeave={onLeave} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {listener ? null : (
          <Button size="sm" variant="success" onClick={onJoin} loading={joining} aria-label={`Join Call: ${which}`}>
            Join Call
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={onView} aria-label={`View Transcript: ${which}`}>
          View Transcript
        </Button>
        {owner ? (
          <Button size="sm" variant="ghost" onClick={onInvite} aria-label={`Invite to ${which}`}>
            Invite
          </Button>
        ) : null}
      </div>
    </li>
  );
}
