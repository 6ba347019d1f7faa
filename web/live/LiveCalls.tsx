// Live Calls (spec §2, §6): the user's calls in progress and the calls they were invited to, labelled
// Live, each with Join Call and View Transcript. They appear and disappear on their own (change feed).
import { useState } from "react";
import { api } from "../lib/api";
import { InviteDialog } from "./InviteDialog";
import { joinCall } from "./joinCall";
import { LiveCallItem, liveCallTitle } from "./LiveCallItem";
import { LiveTranscriptModal } from "./LiveTranscriptModal";
import { useLiveCalls } from "./useLiveCalls";
import { useNow } from "../lib/useNow";
import type { TabProps } from "../lib/tabs";
import { Card, CardBody, CardHeader, RetryAlert, Spinner } from "../ui";

type Open = { kind: "transcript" | "invite"; callId: string } | null;

export function LiveCalls(_props: TabProps) {
  const { state, reload, refresh } = useLiveCalls();
  const [open, setOpen] = useState<Open>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const now = useNow(1000);
  const calls = state.status === "ready" ? state.calls : [];
  // A call that ended keeps its open transcript (the modal shows the end); the invite closes with the call.
  const openCall = open ? calls.find((c) => c.id === open.callId) : undefined;
  const [lastTranscriptCall, setLastTranscriptCall] = useState<typeof openCall>(undefined);
  const transcriptCall = open?.kind === "transcript" ? (openCall ?? (lastTranscriptCall?.id === open.callId ? lastTranscriptCall : undefined)) : undefined;

  const join = async (callId: string) => {
    setJoining(callId);
    const outcome = await joinCall(callId, {
      mediaDevices: navigator.mediaDevices,
      record: (id) => api(`/api/live-calls/${encodeURIComponent(id)}/join`, { method: "POST" }),
    });
    setJoining(null);
    window.alert(outcome.message);
    if (outcome.ok) void refresh();
  };

  return (
    <Card aria-labelledby="live-calls-heading" role="region">
      <CardHeader
        id="live-calls-heading"
        title="Live Calls"
        headingLevel={3}
        description="Calls happening right now that you own or were invited to."
      />
      <CardBody>
        {state.status === "loading" ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner size="sm" /> Loading live calls…
          </p>
        ) : state.status === "error" ? (
          <RetryAlert onRetry={() => void reload()}>Failed to load calls</RetryAlert>
        ) : calls.length === 0 ? (
          <p className="text-sm text-slate-500">No live calls right now</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Live calls">
            {calls.map((call) => (
              <LiveCallItem
                key={call.id}
                call={call}
                now={now}
                joining={joining === call.id}
                onJoin={() => void join(call.id)}
                onView={() => {
                  setLastTranscriptCall(call);
                  setOpen({ kind: "transcript", callId: call.id });
                }}
                onInvite={() => setOpen({ kind: "invite", callId: call.id })}
              />
            ))}
          </ul>
        )}
      </CardBody>
      {transcriptCall ? <LiveTranscriptModal call={transcriptCall} title={liveCallTitle(transcriptCall)} onClose={() => setOpen(null)} /> : null}
      {open?.kind === "invite" && openCall ? (
        <InviteDialog call={openCall} title={liveCallTitle(openCall)} onClose={() => setOpen(null)} onChanged={() => void refresh()} />
      ) : null}
    </Card>
  );
}
