// One live call watched over /ws/live/:callId: the snapshot, then entries as they happen, the end;
// with `listen` on, the call's audio. Drops reconnect with backoff (the next snapshot resyncs the
// transcript), and so does a link whose pong stops coming (the heartbeat, web/lib/heartbeat.ts);
// a socket that never opens is given up after a few tries.
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { TranscriptEntry } from "../../protocol/call-messages";
import { readFrame } from "../../protocol/frame";
import { type LiveAudioFrame, type LiveCallState, decodeLiveAudioFrame, viewerServerMessages } from "../../protocol/live";
import { CLOSE_SIGNED_OUT } from "../../protocol/sockets";
import { CLOSE_PROTOCOL_VERSION } from "../../protocol/version";
import { reportSessionLost } from "../lib/api";
import { backoffDelay } from "../lib/feed";
import { type Heartbeat, startHeartbeat } from "../lib/heartbeat";
import { liveSocketUrl, sendViewerMessage, upsertEntry } from "./viewerMessages";
/** Failed connection attempts in a row before giving up. */
const MAX_FAILED_ATTEMPTS = 4;

export type ViewerStatus = "connecting" | "live" | "reconnecting" | "ended" | "failed";

export interface ViewerState {
  status: ViewerStatus;
  call: LiveCallState | null;
  entries: TranscriptEntry[];
  /** The server acknowledged listening. */
  listening: boolean;
  /** Why the last server frame was ignored or refused, or why the viewer failed (readable; null: nothing). */
  problem: string | null;
}

type Action =
  | { type: "connecting"; again: boolean }
  | { type: "snapshot"; call: LiveCallState; entries: TranscriptEntry[] }
  | { type: "entry"; entry: TranscriptEntry }
  | { type: "ended"; status: string; reason: string; endTime: number }
  | { type: "listening"; on: boolean }
  | { type: "failed"; reason?: string }
  | { type: "problem"; text: string };

export function viewerReducer(state: ViewerState, action: Action): ViewerState {
  switch (action.type) {
    case "connecting":
      return state.status === "ended" ? state : { ...state, status: action.again ? "reconnecting" : "connecting", listening: false };
    case "snapshot":
      return { ...state, call: action.call, entries: action.entries, status: action.call.phase === "ended" ? "ended" : "live", problem: null };
    case "entry":
      return { ...state, entries: upsertEntry(state.entries, action.entry) };
    case "ended":
      return {
        ...state,
        status: "ended",
        listening: false,
        call: state.call ? { ...state.call, phase: "ended", status: action.status, endReason: action.reason, endTime: action.endTime } : null,
      };
    case "listening":
      return { ...state, listening: action.on };
    case "failed":
      return state.status === "ended" ? state : { ...state, status: "failed", listening: false, problem: action.reason ?? state.problem };
    case "problem":
      return { ...state, problem: action.text };
  }
}

const INITIAL: ViewerState = { status: "connecting", call: null, entries: [], listening: false, problem: null };

export interface ViewerAudioSink {
  play(frame: LiveAudioFrame): void;
  interrupt(): void;
}

export function useLiveViewer(callId: string, opts: { listen: boolean; audio: ViewerAudioSink | null }) {
  const [state, dispatch] = useReducer(viewerReducer, INITIAL);
  const socket = useRef<WebSocket | null>(null);
  const listen = useRef(opts.listen);
  listen.current = opts.listen;
  const audio = useRef(opts.audio);
  audio.current = opts.audio;
  const [generation, restart] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    let stopped = false;
    let ended = false;
    let failures = 0;
    let opened = false;
    let retry: number | undefined;
    let heartbeat: Heartbeat | null = null;
    const timers = { setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms), clearTimeout: (id: number) => window.clearTimeout(id) };

    const connect = (again: boolean) => {
      dispatch({ type: "connecting", again });
      const ws = new WebSocket(liveSocketUrl(window.location, callId));
      ws.binaryType = "arraybuffer";
      socket.current = ws;
      ws.onopen = () => {
        opened = true;
        failures = 0;
        if (listen.current) sendViewerMessage(ws, { type: "listen", on: true });
        heartbeat = startHeartbeat(ws, () => {
          // A dead link can take minutes to close: treat it as dropped now and reconnect.
          ws.onclose = null;
          ws.close(4000, "keepalive timeout");
          lost(ws, null);
        }, timers);
      };
      ws.onmessage = (ev: MessageEvent) => {
        if (ev.data instanceof ArrayBuffer) {
          const frame = decodeLiveAudioFrame(ev.data);
          if (frame && listen.current) audio.current?.play(frame);
          return;
        }
        const read = readFrame(viewerServerMessages, ev.data);
        if (!read.ok) {
          dispatch({ type: "problem", text: `Ignored a message from the server: ${read.error}` });
          return;
        }
        const m = read.message;
        if (m.type === "pong") heartbeat?.pong();
        else if (m.type === "live_snapshot") dispatch({ type: "snapshot", call: m.call, entries: m.entries });
        else if (m.type === "live_entry") dispatch({ type: "entry", entry: m.entry });
        else if (m.type === "live_interrupt") audio.current?.interrupt();
        else if (m.type === "live_ended") {
          ended = true;
          dispatch({ type: "ended", status: m.status, reason: m.reason, endTime: m.endTime });
        } else if (m.type === "listening") dispatch({ type: "listening", on: m.on });
        else if (m.type === "live_error") dispatch({ type: "problem", text: m.error });
      };
      ws.onclose = (ev: CloseEvent) => lost(ws, ev);
    };
    /** `ws` is gone (closed, or its heartbeat died: `ev` null): reconnect unless the viewer is done. */
    const lost = (ws: WebSocket, ev: CloseEvent | null) => {
      heartbeat?.stop();
      heartbeat = null;
      if (socket.current === ws) socket.current = null;
      if (stopped || ended) return;
      if (ev?.code === CLOSE_PROTOCOL_VERSION || ev?.code === CLOSE_SIGNED_OUT || ev?.code === 1008) {
        // Another try would be refused the same way (this page's version, a signed-out session, a call
        // no longer shared or too many views): say why. A sign-out also sends the page to check who is signed in.
        if (ev.code === CLOSE_SIGNED_OUT) reportSessionLost();
        dispatch({ type: "failed", reason: ev.reason });
        return;
      }
      if (!opened) reportSessionLost(); // a refused upgrade (401 after a sign-out elsewhere) reads as a plain close
      if (!opened) failures += 1;
      opened = false;
      if (failures >= MAX_FAILED_ATTEMPTS) {
        dispatch({ type: "failed" });
        return;
      }
      retry = window.setTimeout(() => connect(true), backoffDelay(failures));
    };
    connect(false);
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      heartbeat?.stop();
      const ws = socket.current;
      socket.current = null;
      ws?.close(1000, "viewer closed");
    };
  }, [callId, generation]);

  // Tell the server when listening is switched.
  useEffect(() => {
    const ws = socket.current;
    if (ws) sendViewerMessage(ws, { type: "listen", on: opts.listen });
  }, [opts.listen]);

  const retryNow = useCallback(() => restart(), []);
  return { ...state, retry: retryNow };
}
