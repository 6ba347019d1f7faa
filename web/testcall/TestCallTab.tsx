// Test Call tab (spec §2): call one of your Echoes from the browser — Echo selector, Start / End
// Call, Mute, volume, live transcript with emotions, audio visualizer, typed input, recent test calls.
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, buttonClasses, Card, CardBody, CardHeader, cx } from "../ui";
import { engineDetails } from "../../protocol/engines";
import type { TabProps } from "../lib/tabs";
import { CallControls } from "./CallControls";
import { isCallActive, statusText } from "./callState";
import { EchoPicker } from "./EchoPicker";
import { EngineNotice } from "./EngineNotice";
import { chooseEcho, readLastEcho, rememberLastEcho } from "./echoChoice";
import { MessageComposer } from "./MessageComposer";
import { TranscriptView } from "./TranscriptView";
import { useActiveEchoes } from "../lib/useActiveEchoes";
import { useTestCall } from "./useTestCall";
import { Visualizer } from "./Visualizer";

export const OFFLINE_NOTICE = "Offline assistant: it can't understand speech; type to talk.";
export const LOCAL_SPEECH_NOTICE = "Local speech: recognition is approximate, so speak clearly (or type).";

export interface TestCallTabProps extends TabProps {
  /** The "Call history" card's content (the dashboard passes the Calls feature's recent test calls);
   * `finishedCalls` counts the calls ended here, so the list can refresh. */
  recentCalls: (finishedCalls: number) => ReactNode;
}

export function TestCallTab({ user, config, recentCalls }: TestCallTabProps) {
  const { echoes, reload } = useActiveEchoes();
  const [picked, setPicked] = useState("");
  const [searchParams] = useSearchParams();
  const [lastUsed] = useState(() => readLastEcho(user.id));
  const echoId = echoes.status === "ready" ? chooseEcho({ echoes: echoes.echoes, picked, requested: searchParams.get("echo"), lastUsed }) : "";
  const call = useTestCall(user.id);
  const { state } = call;
  const active = isCallActive(state.phase);
  const engines = state.engines ?? config.aiEngines;
  const offline = !engines.recognizesSpeech;
  const chosen = echoes.status === "ready" ? echoes.echoes.find((e) => e.id === echoId) : undefined;
  const assistantName = state.echoName ?? chosen?.name ?? "Echo";

  return (
    <section
      aria-labelledby="testcall-heading"
      className="flex flex-col gap-6"
      data-call-phase={state.phase}
      data-playback-scheduled={call.playback.scheduled}
      data-playback-played={call.playback.played}
      data-playback-seconds={call.playback.playedSeconds.toFixed(2)}
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="testcall-heading" className="text-xl font-semibold text-slate-900">
            Test Call
          </h2>
          <p className="mt-1 text-sm text-slate-500">Talk to one of your Echoes right here in the browser.</p>
          <p className="mt-1 text-xs text-slate-500" data-testid="ai-engines" title={engineDetails(engines)}>
            AI: {engines.summary}
          </p>
        </div>
      </header>

      {offline ? (
        <EngineNotice title={OFFLINE_NOTICE}>
          No speech recognizer runs offline, so it only notices that you spoke and answers in character. Type in the box below and it replies to your words.
        </EngineNotice>
      ) : engines.stages.stt.engine === "local" ? (
        <EngineNotice title={LOCAL_SPEECH_NOTICE}>
          A small speech recognizer runs on this machine (US English): it gets most words of clear speech and some wrong. Replies are rule-based, not a language model: your Echo picks up what you talked about and how you sound, and asks about it.
        </EngineNotice>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Call" headingLevel={3} />
          <CardBody className="flex flex-col gap-5">
            <EchoPicker
              echoes={echoes}
              value={echoId}
              onChange={setPicked}
              disabled={active}
              onRetry={reload}
              emptyAction={
                <Link to="/echoes" className={buttonClasses("primary")}>
                  Go to Echoes
                </Link>
              }
            />
            <CallControls
              phase={state.phase}
              canStart={Boolean(chosen)}
              muted={state.muted}
              volume={call.volume}
              onStart={() => {
                if (!chosen) return;
                rememberLastEcho(user.id, chosen.id);
                void call.start(chosen.id);
              }}
              onEnd={call.end}
              onToggleMute={call.toggleMute}
              onVolume={call.setVolume}
            />
            <div className="flex flex-col gap-2">
              <p role="status" className="flex items-center gap-2 text-sm font-medium text-slate-700" data-testid="call-status">
                <span
                  aria-hidden="true"
                  className={cx(
                    "size-2.5 rounded-full",
                    state.phase === "connected" ? "bg-emerald-500" : active ? "motion-safe:animate-pulse bg-amber-400" : state.phase === "error" ? "bg-rose-500" : "bg-slate-300",
                  )}
                />
                {statusText(state, offline)}
              </p>
              {state.error ? <Alert onDismiss={call.dismissError}>{state.error}</Alert> : null}
              {state.ignored ? (
                <p className="text-xs text-slate-500" data-testid="call-protocol-note">
                  {state.ignored}
                </p>
              ) : null}
            </div>
            <Visualizer analysers={call.analysers} muted={state.muted} />
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold text-slate-800">Live transcript</h4>
              <TranscriptView
                entries={state.entries}
                streaming={state.streaming}
                assistantName={assistantName}
                emptyText={active ? "Listening… say something or type a message." : "The transcript appears here during a call."}
                className="h-72 sm:h-80"
              />
            </div>
            <MessageComposer enabled={state.phase === "connected"} onSend={call.sendText} />
          </CardBody>
        </Card>

        <Card className="self-start">
          <CardHeader title="Call history" description="Your recent test calls" headingLevel={3} />
          <CardBody>
            {recentCalls(call.finishedCalls)}
          </CardBody>
        </Card>
      </div>
    </section>
  );
}
