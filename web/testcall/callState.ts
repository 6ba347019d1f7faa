// The browser test call as a pure state machine (spec §4): ready/offline → connecting (requesting
// microphone, then connecting to the Echo until it answers with call_started) → connected →
// error / ended. Error texts are spec §8's.
import type { AiProviderName, ServerMessage, TranscriptEntry } from "../../protocol/call-messages";
import type { AiEngines } from "../../protocol/engines";

export type CallPhase = "idle" | "requesting-mic" | "connecting" | "connected" | "ended" | "error";

export interface TestCallState {
  phase: CallPhase;
  /** The exact error text to show ('Failed to start call: …', 'Connection lost', 'Call error: …'). */
  error: string | null;
  /** True once End Call was pressed (or the microphone went away): the socket closing after that is expected. */
  ending: boolean;
  muted: boolean;
  callId: string | null;
  echoName: string | null;
  provider: AiProviderName | null;
  /** Which engine runs each AI stage of this call (from call_started). */
  engines: AiEngines | null;
  entries: TranscriptEntry[];
  /** Assistant entries whose reply is still streaming in (ai_response final:false so far). */
  streaming: string[];
  /** The last server frame that was not a message of the protocol, and why: ignored, the call goes on. */
  ignored: string | null;
}

export type CallAction =
  | { type: "start" }
  | { type: "mic-ready" }
  | { type: "start-failed"; message: string }
  | { type: "server"; message: ServerMessage }
  /** A server frame that is not a message of the protocol (protocol/frame.ts says why). */
  | { type: "bad-frame"; error: string }
  | { type: "end-requested" }
  /**
   * A message of call `callId` after End Call, while the server wraps it up: its caller's last words
   * and the cut-off reply still join the transcript shown (unless another call has started since).
   */
  | { type: "late"; callId: string | null; message: ServerMessage }
  | { type: "socket-closed" }
  /** The microphone went away (its track ended): the call ends with `error` (spec §8's patterns). */
  | { type: "mic-lost"; error: string }
  | { type: "toggle-mute" }
  | { type: "dismiss-error" };

export const initialCallState: TestCallState = {
  phase: "idle",
  error: null,
  ending: false,
  muted: false,
  callId: null,
  echoName: null,
  provider: null,
  engines: null,
  entries: [],
  streaming: [],
  ignored: null,
};

/** The call is under way (mic or socket held): the selector is locked; Mute, volume and End Call work. */
export function isCallActive(phase: CallPhase): boolean {
  return phase === "requesting-mic" || phase === "connecting" || phase === "connected";
}

export function isStarting(phase: CallPhase): boolean {
  return phase === "requesting-mic" || phase === "connecting";
}

/** Inserts or replaces an entry by id, keeping the transcript in server order. */
export function upsertEntry(entries: readonly TranscriptEntry[], entry: TranscriptEntry): TranscriptEntry[] {
  const i = entries.findIndex((e) => e.id === entry.id);
  const next = i === -1 ? [...entries, entry] : entries.map((e, j) => (j === i ? entry : e));
  return next.sort((a, b) => a.seq - b.seq);
}

function assistantEntryFromText(state: TestCallState, text: string): TranscriptEntry {
  const last = state.entries.at(-1);
  return {
    id: `local-${state.entries.length + 1}`,
    seq: (last?.seq ?? 0) + 1,
    speaker: "assistant",
    text,
    timestamp: Date.now(),
    emotions: {},
  };
}

/** Leaving the call: nothing streams and nothing is muted any more. */
function over(state: TestCallState, patch: Partial<TestCallState>): TestCallState {
  return { ...state, streaming: [], muted: false, ...patch };
}

function onServerMessage(state: TestCallState, message: ServerMessage): TestCallState {
  switch (message.type) {
    case "call_started":
      if (state.phase !== "connecting") return state;
      return { ...state, phase: "connected", callId: message.callId, echoName: message.echoName, provider: message.provider, engines: message.engines };
    case "transcription":
      return { ...state, entries: upsertEntry(state.entries, message.entry) };
    case "ai_response": {
      const entry = message.entry ?? assistantEntryFromText(state, message.text);
      const others = state.streaming.filter((id) => id !== entry.id);
      return { ...state, entries: upsertEntry(state.entries, entry), streaming: message.final === false ? [...others, entry.id] : others };
    }
    case "error":
      return { ...state, error: `Call error: ${message.error}` };
    case "call_ended":
      return over(state, { phase: isCallActive(state.phase) ? "ended" : state.phase, callId: message.callId ?? state.callId });
    case "audio_response":
    case "interrupt":
    case "pong":
      return state;
  }
}

export function callReducer(state: TestCallState, action: CallAction): TestCallState {
  switch (action.type) {
    case "start":
      if (isCallActive(state.phase)) return state;
      return { ...initialCallState, phase: "requesting-mic" };
    case "mic-ready":
      return state.phase === "requesting-mic" ? { ...state, phase: "connecting" } : state;
    case "start-failed":
      if (!isStarting(state.phase)) return state;
      return over(state, { phase: "error", error: `Failed to start call: ${action.message}` });
    case "server":
      return onServerMessage(state, action.message);
    case "bad-frame":
      return { ...state, ignored: `Ignored a message from the server: ${action.error}` };
    case "end-requested":
      if (!isCallActive(state.phase)) return state;
      return over(state, { phase: "ended", ending: true });
    case "mic-lost":
      if (!isCallActive(state.phase)) return state;
      return over(state, {
        phase: "error",
        ending: true,
        error: state.phase === "connected" ? `Call error: ${action.error}` : `Failed to start call: ${action.error}`,
      });
    case "late": {
      if (!state.ending || action.callId === null || state.callId !== action.callId) return state;
      const m = action.message;
      const entry = m.type === "transcription" ? m.entry : m.type === "ai_response" ? m.entry : undefined;
      return entry ? { ...state, entries: upsertEntry(state.entries, entry) } : state;
    }
    case "socket-closed":
      if (state.ending || !isCallActive(state.phase)) return state;
      if (isStarting(state.phase)) return over(state, { phase: "error", error: "Failed to start call: Could not connect to the Echo" });
      return over(state, { phase: "error", error: "Connection lost" });
    case "toggle-mute":
      return isCallActive(state.phase) ? { ...state, muted: !state.muted } : state;
    case "dismiss-error":
      return { ...state, error: null };
  }
}

/** The status line under the controls (errors are shown separately, as alerts). */
export function statusText(state: TestCallState, offline: boolean): string {
  switch (state.phase) {
    case "idle":
      return offline ? "Ready (offline assistant)" : "Ready";
    case "requesting-mic":
      return "Requesting microphone…";
    case "connecting":
      return "Connecting to the Echo…";
    case "connected":
      return state.echoName ? `Connected to ${state.echoName}` : "Connected";
    case "ended":
      return "Call ended";
    case "error":
      return "Call failed";
  }
}
