// Runs one browser test call: microphone → PCM16 frames over /ws/call, the server's replies into
// the transcript and the speaker. The state machine itself is the pure callReducer.
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { createCallAudioContext, type MicCapture, startCapture } from "../audio/capture";
import { keepAudioRunning } from "../audio/keepRunning";
import { serverMessages } from "../../protocol/call-messages";
import { readFrame } from "../../protocol/frame";
import { base64ToPcm16 } from "../../protocol/pcm16";
import { drainDelayMs, type PlaybackStats, PlaybackQueue } from "../audio/playback";
import { clampVolume, DEFAULT_VOLUME } from "../audio/volume";
import { type CallAction, callReducer, initialCallState, isCallActive, type TestCallState } from "./callState";
import { connectCall, sendMessage } from "./callSocket";
import { MIC_DISCONNECTED, startFailureMessage } from "./micMessages";
import { CONNECT_TIMEOUT_MS, callSocketUrl } from "./socketUrl";
import { uplinkFrame } from "./uplink";

/**
 * After End Call, how long to wait for the server's call_ended before closing the socket: past the
 * server's own wrap-up (the last turn's speech-to-text, 7 s by default, then the D1 write), so the
 * caller's last words reach the transcript shown.
 */
const END_GRACE_MS = 15_000;

const NO_PLAYBACK: PlaybackStats = { scheduled: 0, played: 0, playedSeconds: 0 };

interface Resources {
  ctx: AudioContext | null;
  /** Stops resuming ctx when the browser suspends it (keepAudioRunning). */
  stopKeeping: (() => void) | null;
  capture: MicCapture | null;
  queue: PlaybackQueue | null;
  socket: WebSocket | null;
  abort: AbortController | null;
}

export interface Analysers {
  mic: AnalyserNode | null;
  output: AnalyserNode | null;
}

export interface TestCall {
  state: TestCallState;
  volume: number;
  playback: PlaybackStats;
  analysers: Analysers;
  /** Bumped whenever a call finishes (refresh the history). */
  finishedCalls: number;
  start(echoId: string): Promise<void>;
  end(): void;
  toggleMute(): void;
  dismissError(): void;
  setVolume(volume: number): void;
  sendText(text: string): boolean;
}

export function useTestCall(userId: string): TestCall {
  const [state, dispatch] = useReducer(callReducer, initialCallState);
  const [volume, setVolumeState] = useState(DEFAULT_VOLUME);
  const [playback, setPlayback] = useState<PlaybackStats>(NO_PLAYBACK);
  const [analysers, setAnalysers] = useState<Analysers>({ mic: null, output: null });
  const [finishedCalls, setFinishedCalls] = useState(0);
  const res = useRef<Resources>({ ctx: null, stopKeeping: null, capture: null, queue: null, socket: null, abort: null });
  const mutedRef = useRef(false);
  const lastSentAt = useRef(0);
  const volumeRef = useRef(volume);
  /** The call shown (End Call's wrap-up messages belong to it). */
  const callIdRef = useRef<string | null>(null);
  useEffect(() => {
    mutedRef.current = state.muted;
  }, [state.muted]);
  useEffect(() => {
    callIdRef.current = state.callId;
  }, [state.callId]);

  /** The speaker of a call that is over, still playing its last words (release with drain). */
  const draining = useRef<{ timer: ReturnType<typeof setTimeout>; close: () => void } | null>(null);
  /** Cuts what a finished call still plays, now. */
  const cutDrain = useCallback(() => {
    const d = draining.current;
    draining.current = null;
    if (!d) return;
    clearTimeout(d.timer);
    d.close();
  }, []);

  /**
   * Releases the microphone, the speaker and the socket. With `drain` (the server ended the call) the
   * speaker first plays what is queued, the Echo's last words, for up to DRAIN_MAX_MS.
   */
  const release = useCallback((drain = false) => {
    const r = res.current;
    r.abort?.abort();
    r.abort = null;
    r.capture?.stop();
    r.capture = null;
    cutDrain();
    r.stopKeeping?.();
    r.stopKeeping = null;
    const { queue, ctx } = r;
    r.queue = null;
    r.ctx = null;
    const closeAudio = () => {
      queue?.close();
      void ctx?.close().catch(() => {});
    };
    const wait = drain && queue ? drainDelayMs(queue.secondsLeft) : 0;
    if (wait > 0) draining.current = { timer: setTimeout(cutDrain, wait), close: closeAudio };
    else closeAudio();
    setAnalysers({ mic: null, output: null });
    const ws = r.socket;
    r.socket = null;
    if (ws) {
      ws.onmessage = null;
      ws.onclose = null;
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000, "call ended");
      setFinishedCalls((n) => n + 1);
    }
  }, [cutDrain]);

  useEffect(() => () => release(), [release]);

  /** A frame on `ws`: ignored unless `ws` is still the call's socket (End pressed, or a new call since). */
  const onFrame = useCallback((ws: WebSocket, frame: MessageEvent) => {
    if (res.current.socket !== ws) return;
    const read = readFrame(serverMessages, frame.data);
    if (!read.ok) {
      dispatch({ type: "bad-frame", error: read.error });
      return;
    }
    const msg = read.message;
    if (msg.type === "pong") return;
    const queue = res.current.queue;
    if (msg.type === "audio_response") {
      try {
        queue?.enqueue(base64ToPcm16(msg.data, "drop"), msg.sampleRate);
      } catch {
        // undecodable audio chunk: skip it, the call goes on
      }
      return;
    }
    if (msg.type === "interrupt") queue?.stop();
    dispatch({ type: "server", message: msg });
    if (msg.type === "call_ended") release(true); // the Echo's goodbye plays to its end
  }, [release]);

  /**
   * Ends the call from this side (End Call pressed, or the microphone gone: `action` says which): the
   * mic and the speaker stop now, the server is told (end_call) and given time to wrap the call up.
   */
  const hangUp = useCallback((action: CallAction) => {
    const r = res.current;
    dispatch(action);
    const ws = r.socket;
    r.socket = null;
    release(); // the mic and the speaker stop now; a new call can start right away
    if (!ws) return;
    if (!sendMessage(ws, { type: "end_call" })) {
      // Already closing: its close is no news to this call (or to the next one, started meanwhile).
      ws.onmessage = null;
      ws.onclose = null;
      ws.close(1000, "call ended");
      setFinishedCalls((n) => n + 1);
      return;
    }
    // Let the server finalize and confirm (call_ended, then it closes); give up after a grace period.
    // Before call_ended it stores and sends the caller's last words and the cut-off reply: shown too.
    const callId = callIdRef.current;
    const timer = setTimeout(() => ws.close(1000, "call ended"), END_GRACE_MS);
    ws.onmessage = (e) => {
      const read = readFrame(serverMessages, e.data);
      if (!read.ok) return;
      if (read.message.type === "call_ended") ws.close(1000, "call ended");
      else dispatch({ type: "late", callId, message: read.message });
    };
    ws.onclose = () => {
      clearTimeout(timer);
      setFinishedCalls((n) => n + 1);
    };
  }, [release]);

  const start = useCallback(
    async (echoId: string) => {
      if (res.current.socket || res.current.ctx) return;
      cutDrain(); // the last call's last words stop for the new call
      dispatch({ type: "start" });
      setPlayback(NO_PLAYBACK);
      const abort = new AbortController();
      const r = res.current;
      r.abort = abort;
      try {
        // Created inside the click so the browser lets it play sound.
        const ctx = createCallAudioContext();
        r.ctx = ctx;
        r.stopKeeping = keepAudioRunning(ctx);
        const capture = await startCapture(
          ctx,
          (samples) => {
            const now = Date.now();
            const frame = uplinkFrame(mutedRef.current, now, lastSentAt.current, samples);
            if (frame && sendMessage(res.current.socket, frame)) lastSentAt.current = now;
          },
          () => hangUp({ type: "mic-lost", error: MIC_DISCONNECTED }),
        );
        if (abort.signal.aborted) {
          capture.stop();
          return;
        }
        r.capture = capture;
        r.queue = new PlaybackQueue(ctx, volumeRef.current, setPlayback);
        setAnalysers({ mic: capture.analyser, output: r.queue.analyser });
        dispatch({ type: "mic-ready" });
        const { ws, started } = await connectCall(
          callSocketUrl(window.location),
          { type: "start_call", echoId, userId, callType: "browser_test" },
          CONNECT_TIMEOUT_MS,
          abort.signal,
        );
        if (abort.signal.aborted) {
          ws.close();
          return;
        }
        r.socket = ws;
        // Tied to this socket: once it is not the call's socket any more (End pressed, a new call
        // started), its late close or messages must not touch the call shown.
        ws.onmessage = (e) => onFrame(ws, e);
        ws.onclose = () => {
          if (res.current.socket !== ws) return;
          dispatch({ type: "socket-closed" });
          release();
        };
        dispatch({ type: "server", message: started });
      } catch (err) {
        if (abort.signal.aborted) return;
        dispatch({ type: "start-failed", message: startFailureMessage(err) });
        release();
      }
    },
    [userId, onFrame, release, cutDrain, hangUp],
  );

  const end = useCallback(() => hangUp({ type: "end-requested" }), [hangUp]);
  const toggleMute = useCallback(() => dispatch({ type: "toggle-mute" }), []);
  const dismissError = useCallback(() => dispatch({ type: "dismiss-error" }), []);

  const setVolume = useCallback((v: number) => {
    const next = clampVolume(v);
    volumeRef.current = next;
    setVolumeState(next);
    res.current.queue?.setVolume(next);
  }, []);

  const sendText = useCallback((text: string) => {
    const trimmed = text.trim();
    if (!trimmed || !isCallActive(state.phase)) return false;
    return sendMessage(res.current.socket, { type: "text_input", text: trimmed });
  }, [state.phase]);

  return { state, volume, playback, analysers, finishedCalls, start, end, toggleMute, dismissError, setVolume, sendText };
}
