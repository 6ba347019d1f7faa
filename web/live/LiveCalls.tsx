// Live Calls (spec §2, §6): the user's calls in progress and the calls they were invited to, labelled
// Live, each with Join Call and View Transcript. They appear and disappear on their own (change feed).
// Join Call (after the spec's checks and alert) listens to the call here until Leave: the row says
// "Joined · listening", and Leave closes the listening socket and stops the audio.
import { useEffect, useRef, useState } from "react";
import { DEFAULT_VOLUME } from "../audio/volume";
import { api } from "../lib/api";
import { InviteDialog } from "./InviteDialog";
import { LiveListener } from "./liveAudio";
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

  /** The calls joined on this page, each with the audio it plays. */
  const [joined, setJoined] = useState<ReadonlyMap<string, LiveListener>>(new Map());
  const joinedRef = useRef(joined);
  joinedRef.current = joined;

  const leave = (callId: string) => {
    joinedRef.current.get(callId)?.close();
    setJoined((m) => {
      const next = new Map(m);
      next.delete(callId);
      return next;
    });
  };

  // A joined call that ended (it left the list) stops playing; so does every one when the page goes.
  const liveIds = calls.map((c) => c.id).join(" ");
  useEffect(() => {
    if (state.status !== "ready") return;
    for (const id of joinedRef.current.keys()) if (!liveIds.split(" ").includes(id)) leave(id);
  }, [liveIds, state.status]);
  useEffect(() => () => joinedRef.current.forEach((l) => l.close()), []);

  const join = async (callId: string) => {
    if (joinedRef.current.has(callId)) return;
    setJoining(callId);
    // The audio graph is made on the click (autoplay rules) and dropped if joining fails.
    const listener = new LiveListener(DEFAULT_VOLUME);
    const outcome = await joinCall(callId, {
      mediaDevices: navigator.mediaDevices,
      record: (id) => api(`/api/live-calls/${encodeURIComponent(id)}/join`, { method: "POST" }),
    });
    setJoining(null);
    if (outcome.ok) setJoined((m) => new Map(m).set(callId, listener));
    else listener.close();
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
                listener={joined.get(call.id) ?? null}
                onJoin={() => void join(call.id)}
                onLeave={() => leave(call.id)}
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
