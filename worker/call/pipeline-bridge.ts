// Maps the pipeline's events onto the call: every transcript entry is written to the session's store
// first, then sent to the caller's line and the viewers. A caller entry the safety net marked keeps
// its `safety` category, and the call is told (safetyAlert: D1 flags the call, the owner's feed hears).
//
// Reply text on the socket: one `ai_response {text: sentence, entry, final: false}` per sentence, sent
// just before that sentence's audio, then `ai_response {text: the whole reply as heard, entry,
// final: true}`. `entry` always has the same id for one reply (clients replace it by id); a client
// that only reads `text` sees each sentence, then the complete reply.
import type { PipelineEvent } from "../pipeline/core/events";
import type { CallerLine } from "./lines/line";
import type { LiveFanout } from "./live-events";
import type { CallRecorder } from "../recordings/recorder";
import type { CallStore } from "./store";

interface ReplyProgress {
  entryId: string | null;
  startedAt: number;
  sentences: string[];
}

export interface BridgeDeps {
  store: CallStore;
  /** The caller's line, or null while no caller is connected. */
  line: () => CallerLine | null;
  fanout: LiveFanout;
  /** The call's recording: the Echo's speech is recorded as it is sent, and cut where the caller barged in. */
  recorder: Pick<CallRecorder, "assistant" | "interrupt" | "offsetAt">;
  /** The AI kept failing and the goodbye has played: end the call as failed. */
  gaveUp: (reason: string) => void;
  /** The caller said something (a turn): the call is not idle. */
  callerSpoke: () => void;
  /** The Echo said goodbye and it has played: end the call as completed. */
  echoEnded: (reason: string) => void;
  /** A caller entry the safety net marked is stored: the call's row is flagged and the owner told. */
  safetyAlert: () => void;
}

export class PipelineBridge {
  private readonly replies = new Map<string, ReplyProgress>();

  constructor(private readonly deps: BridgeDeps) {}

  handle(event: PipelineEvent): void {
    switch (event.type) {
      case "caller_turn":
        this.deps.callerSpoke();
        return this.callerTurn(event);
      case "assistant_started":
        this.replies.set(event.replyId, { entryId: null, startedAt: event.at, sentences: [] });
        return;
      case "assistant_text":
        return; // text reaches the caller sentence by sentence with its audio
      case "assistant_audio":
        return this.audio(event);
      case "interrupt":
        return this.interrupt(event.replyId);
      case "assistant_done":
        return this.done(event);
      case "error":
        // The browser shows it; a phone line cannot, and hears the apology the pipeline speaks next.
        this.deps.line()?.send({ type: "error", error: event.message, code: event.code });
        return;
      case "gave_up":
        this.deps.gaveUp(event.reason);
        return;
      case "echo_ended":
        this.deps.echoEnded(event.reason);
        return;
    }
  }

  private callerTurn(event: Extract<PipelineEvent, { type: "caller_turn" }>): void {
    const audioOffsetMs = this.deps.recorder.offsetAt(event.at - event.speechMs);
    const source = event.emotionSource ? { emotionSource: event.emotionSource } : {};
    const entry = this.deps.store.addEntry({ speaker: "caller", text: event.text, timestamp: event.at, emotions: event.emotions, ...source, audioOffsetMs, ...(event.safety ? { safety: event.safety } : {}) });
    this.deps.line()?.send({ type: "transcription", text: entry.text, entry });
    this.deps.fanout.publish({ kind: "entry", entry });
    if (entry.safety) this.deps.safetyAlert();
  }

  private progress(replyId: string): ReplyProgress {
    let p = this.replies.get(replyId);
    if (!p) {
      p = { entryId: null, startedAt: Date.now(), sentences: [] };
      this.replies.set(replyId, p);
    }
    return p;
  }

  private audio(event: Extract<PipelineEvent, { type: "assistant_audio" }>): void {
    const p = this.progress(event.replyId);
    p.sentences.push(event.sentence);
    const text = p.sentences.join(" ");
    const { store } = this.deps;
    const line = this.deps.line();
    const audioOffsetMs = line ? this.deps.recorder.assistant(event.pcm) : null;
    const entry = p.entryId
      ? store.updateEntry(p.entryId, { text, emotions: {}, interrupted: false, latency: null, outcome: null })
      : store.addEntry({ speaker: "assistant", text, timestamp: p.startedAt, emotions: {}, audioOffsetMs });
    if (!entry) return;
    p.entryId = entry.id;
    line?.send({ type: "ai_response", text: event.sentence, entry, final: false });
    line?.sendAudio(event.pcm, event.sampleRate, entry.id);
    this.deps.fanout.publish({ kind: "audio", speaker: "assistant", pcm: event.pcm, sampleRate: event.sampleRate });
  }

  private interrupt(replyId: string): void {
    const entryId = this.replies.get(replyId)?.entryId ?? null;
    if (!entryId) return; // nothing was sent for playback
    this.deps.recorder.interrupt();
    this.deps.line()?.stopPlayback(entryId);
    this.deps.fanout.publish({ kind: "interrupt", entryId });
  }

  private done(event: Extract<PipelineEvent, { type: "assistant_done" }>): void {
    const p = this.replies.get(event.replyId);
    this.replies.delete(event.replyId);
    // Cut off before a whole word was heard: the entry stays, marked interrupted, as "…".
    const heard = (event.interrupted ? event.spokenText : event.text).trim();
    const text = heard || (p?.entryId ? "…" : "");
    // The turn's action lines are stored with it (and so reach the caller, the viewers and D1 with it).
    const fields = { text, emotions: event.emotions, interrupted: event.interrupted, latency: event.latency, outcome: event.outcome, ...(event.actions ? { actions: event.actions } : {}) };
    const { store } = this.deps;
    let entry;
    if (p?.entryId) entry = store.updateEntry(p.entryId, fields);
    else if (text) entry = store.addEntry({ speaker: "assistant", timestamp: p?.startedAt ?? event.at, ...fields });
    if (!entry) return; // interrupted before a word was spoken: nothing to keep
    this.deps.line()?.send({ type: "ai_response", text: entry.text, entry, final: true });
    this.deps.fanout.publish({ kind: "entry", entry });
  }
}
