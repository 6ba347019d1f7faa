// What a live call tells its dashboard viewers: the LiveEvent seam the CallSession, the pipeline bridge
// and the phone line publish into, and the pure mapping of those events onto the viewer protocol
// (protocol/live.ts). The sockets themselves are handled in viewers.ts.
import type { Speaker, TranscriptEntry } from "../../protocol/call-messages";
import { type LiveCallState, type ViewerServerMessage, encodeLiveAudioFrame, splitPcm } from "../../protocol/live";
import type { CallState } from "./store";

export const VIEWER_TAG = "viewer";

/** What happens in a call that viewers may want to see or hear. */
export type LiveEvent =
  | { kind: "entry"; entry: TranscriptEntry }
  | { kind: "interrupt"; entryId: string }
  | { kind: "audio"; speaker: Speaker; pcm: Int16Array; sampleRate: number }
  | { kind: "ended"; status: string; reason: string };

/** The session's view of its viewers: one call per event, in call order. Never blocks the call. */
export interface LiveFanout {
  publish(event: LiveEvent): void;
  /** Sockets currently watching. */
  count(): number;
}

/** The call as a viewer sees it (no persona, no bookkeeping). */
export function liveCallState(state: CallState): LiveCallState {
  return {
    callId: state.callId,
    callType: state.callType,
    echoName: state.echoName,
    provider: state.provider,
    engines: state.engines,
    fromNumber: state.fromNumber,
    startTime: state.startTime,
    phase: state.phase,
    endTime: state.endTime,
    status: state.finalStatus,
    endReason: state.endReason,
  };
}

/** The first message of every viewer: the call so far. */
export function snapshotMessage(state: CallState, entries: TranscriptEntry[]): ViewerServerMessage {
  return { type: "live_snapshot", call: liveCallState(state), entries };
}

/** The JSON message of a non-audio event (`at`: the server clock now). */
export function eventMessage(event: Exclude<LiveEvent, { kind: "audio" }>, at: number, endTime: number | null): ViewerServerMessage {
  switch (event.kind) {
    case "entry":
      return { type: "live_entry", entry: event.entry, at };
    case "interrupt":
      return { type: "live_interrupt", entryId: event.entryId, at };
    case "ended":
      return { type: "live_ended", status: event.status, reason: event.reason, endTime: endTime ?? at, at };
  }
}

/** Binary frames of an audio event (long audio split into ≤ 1 s frames). */
export function audioFrames(event: Extract<LiveEvent, { kind: "audio" }>): ArrayBuffer[] {
  return splitPcm(event.pcm).map((pcm) => encodeLiveAudioFrame({ speaker: event.speaker, sampleRate: event.sampleRate, pcm }));
}
