// The voice conversation of one call: caller audio/text in, PipelineEvents out. Knows only events and
// the AiProvider interface (never sockets, storage or which provider it has).
//
// Usage (CallSession):
//   const conversation = new Conversation({ provider, persona, emit: (event) => ..., history });
//   conversation.pushAudio(int16Samples16kHz);   // every audio_data frame, any size
//   conversation.greet();                        // optional: the Echo speaks first when the call connects
//   conversation.pushText("typed words");        // text_input: a caller turn with recognized: true
//   await conversation.close();                  // end_call: finishes the current turn/reply, then stops
//
// Events, per caller turn: caller_turn → assistant_started → assistant_text… / assistant_audio… (audio in
// sentence order; sentence n+1 is synthesized while sentence n plays) → assistant_done. assistant_done
// comes when the reply's audio has finished playing by the playback clock (or was cut off), so
// `interrupted` and `spokenText` are exact. Barge-in: caller speech sustained for `bargeInMs` (or a typed
// message, or a finished caller turn) while the assistant is replying or playing → `interrupt` at once,
// the LLM stream and pending synthesis are aborted, and assistant_done reports interrupted: true with the
// text played so far. Provider failures become `error` events and the call goes on.
import type { CallType, EmotionScores } from "../../protocol/call";
import type { AiProvider, CallerTurnInfo, ChatMessage, Persona, TranscriptionStream } from "../ai/provider";
import { systemClock, type Clock } from "./clock";
import { blendEmotions, prosodyEmotions, prosodyFromFrames } from "./emotion";
import type { PipelineEmit } from "./events";
import { buildMessages } from "./persona";
import { PlaybackClock, Reply, type ReplyTiming } from "./reply";
import { TurnDetector, type TurnEvent, type TurnOptions } from "./turn";
import type { VadFrame, VadOptions } from "./vad";

export interface ConversationOptions {
  provider: AiProvider;
  persona: Persona;
  emit: PipelineEmit;
  clock?: Clock;
  newId?: () => string;
  turn?: Partial<TurnOptions>;
  vad?: Partial<VadOptions>;
  /** Caller speech must last this long to interrupt the assistant (filters echo blips). Default 200 ms. */
  bargeInMs?: number;
  /** How long to wait for more speech when the provider's turn model says the caller isn't done. */
  turnHoldMs?: number;
  /** The conversation so far (e.g. after the Durable Object restarted). */
  history?: ChatMessage[];
  maxHistory?: number;
  /** browser_test (default) or phone: providers may word things differently (no "type it" on a phone). */
  callType?: CallType;
}

interface CallerTurn {
  audio: Int16Array | null;
  /** The VAD's frame analysis of `audio` (for prosody). */
  frames: VadFrame[];
  sampleRate: number;
  text: string | null;
  speechMs: number;
  /** Clock time the turn was known to be over (end-of-turn fired, or text received). */
  endedAt: number;
  /** The provider's incremental transcription of `audio`, fed while the caller spoke (if it has one). */
  stream?: TranscriptionStream;
  endOfTurnMs: number | undefined;
}

type TurnEnd = Extract<TurnEvent, { type: "turn_end" }>;

const TURN_MODEL_MAX_MS = 8000;

export class Conversation {
  private readonly provider: AiProvider;
  private readonly persona: Persona;
  private readonly emit: PipelineEmit;
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly detector: TurnDetector;
  private readonly bargeInMs: number;
  private readonly turnHoldMs: number;
  private readonly maxHistory: number;
  private readonly callType: CallType;
  private readonly history: ChatMessage[];
  private queue: Promise<void> = Promise.resolve();
  private active: Reply | null = null;
  private readonly playback: PlaybackClock;
  private turnIndex = 0;
  private closed = false;
  private held: { event: TurnEnd; endedAt: number; timer: AbortController } | null = null;
  private holdGeneration = 0;
  /** The incremental transcription of the turn in progress and how much of it was fed. */
  private listening: { stream: TranscriptionStream; frames: number; samples: number } | null = null;

  constructor(options: ConversationOptions) {
    this.provider = options.provider;
    this.persona = options.persona;
    this.emit = options.emit;
    this.clock = options.clock ?? systemClock;
    this.playback = new PlaybackClock(this.clock);
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.detector = new TurnDetector(options.turn, options.vad);
    this.bargeInMs = options.bargeInMs ?? 200;
    this.turnHoldMs = options.turnHoldMs ?? 1200;
    this.maxHistory = options.maxHistory ?? 20;
    this.callType = options.callType ?? "browser_test";
    this.history = [...(options.history ?? [])];
    this.turnIndex = this.history.filter((m) => m.role === "user").length;
  }

  /** True while a reply is being generated or its audio is (by the playback clock) still playing. */
  get assistantActive(): boolean {
    return this.active !== null || this.playback.playing;
  }

  /** Caller audio: 16 kHz mono PCM16, any chunk size. */
  pushAudio(samples: Int16Array): void {
    if (this.closed) return;
    for (const event of this.detector.push(samples)) this.onTurnEvent(event);
    this.feedTranscription();
    // The caller is talking (sustained, speech-like): the assistant stops, also if it only just started.
    if (this.detector.speaking && this.detector.speechSoFarMs >= this.bargeInMs && this.detector.modulated) this.bargeIn();
  }

  /** Typed caller input: a recognised turn, answered like speech. */
  pushText(text: string): void {
    const trimmed = text.trim();
    if (this.closed || !trimmed) return;
    if (this.held) this.releaseHeld(); // speech that came first is answered first
    this.bargeIn();
    this.enqueue({ audio: null, frames: [], sampleRate: 16000, text: trimmed, speechMs: 0, endedAt: this.clock.now(), endOfTurnMs: undefined });
  }

  /** The assistant speaks first (e.g. when the call is answered): a greeting that answers no caller turn. */
  greet(): void {
    if (this.closed) return;
    this.queue = this.queue
      .then(() => {
        const now = this.clock.now();
        return this.closed ? undefined : this.runReply(null, null, {}, { turnEndedAt: now, transcribedAt: now, endOfTurnMs: undefined });
      })
      .catch((err: unknown) => this.emitError("pipeline_failed", err));
  }

  /** Resolves when every queued turn and reply has finished. */
  idle(): Promise<void> {
    return this.queue;
  }

  /**
   * Ends the conversation: speech in progress becomes a last caller turn (transcribed, not answered),
   * the current reply is cut off (assistant_done, interrupted), and the promise resolves when all is done.
   */
  async close(): Promise<void> {
    if (this.closed) return this.queue;
    const tail = this.detector.flush();
    if (this.held) this.releaseHeld();
    this.closed = true;
    this.active?.interrupt();
    if (tail) {
      const turn = this.turnFromEvent(tail, this.clock.now());
      const stream = this.takeTranscription(tail.audio);
      if (stream) turn.stream = stream;
      this.enqueue(turn);
    }
    this.listening?.stream.cancel();
    this.listening = null;
    return this.queue;
  }

  /** Feeds the turn's new audio to the provider's incremental transcription (opened once speech is confirmed). */
  private feedTranscription(): void {
    const frames = this.detector.turnFrames;
    if (frames.length === 0) {
      // No turn in progress and none ended with this audio: the speech was dropped (a steady sound).
      this.listening?.stream.cancel();
      this.listening = null;
      return;
    }
    if (!this.listening) {
      const stream = this.provider.startTranscription?.();
      if (!stream) return;
      this.listening = { stream, frames: 0, samples: 0 };
    }
    const listening = this.listening;
    for (; listening.frames < frames.length; listening.frames++) {
      const frame = frames[listening.frames] as Int16Array;
      listening.stream.push(frame);
      listening.samples += frame.length;
    }
  }

  /** The incremental transcription of the turn that just ended, given the rest of the turn's audio. */
  private takeTranscription(audio: Int16Array): TranscriptionStream | undefined {
    const listening = this.listening;
    this.listening = null;
    if (!listening) return undefined;
    if (listening.samples < audio.length) listening.stream.push(audio.subarray(listening.samples));
    return listening.stream;
  }

  private onTurnEvent(event: TurnEvent): void {
    if (event.type === "speech_start") {
      if (this.held) {
        // The caller went on talking: the held turn continues with the new speech.
        this.held.timer.abort();
        this.holdGeneration++;
      }
      return;
    }
    const endedAt = this.clock.now();
    const merged = this.held ? mergeTurnEnds(this.held.event, event) : event;
    this.held = null;
    if (!this.provider.detectTurnEnd || event.forced) {
      this.bargeIn();
      const turn = this.turnFromEvent(merged, endedAt);
      // A stream covers one detector turn; a merged one is transcribed whole.
      const stream = this.takeTranscription(event.audio);
      if (stream && merged === event) turn.stream = stream;
      else stream?.cancel();
      this.enqueue(turn);
      return;
    }
    this.takeTranscription(event.audio)?.cancel(); // held turns may merge: transcribed whole
    this.holdForTurnModel(merged, endedAt);
  }

  /** Asks the provider's turn model whether the caller is done; holds the turn open for a while if not. */
  private holdForTurnModel(event: TurnEnd, endedAt: number): void {
    const timer = new AbortController();
    this.held = { event, endedAt, timer };
    const generation = ++this.holdGeneration;
    const detect = this.provider.detectTurnEnd;
    if (!detect) return;
    const window = event.audio.subarray(Math.max(0, event.audio.length - (TURN_MODEL_MAX_MS * event.sampleRate) / 1000));
    void detect
      .call(this.provider, { samples: window, sampleRate: event.sampleRate }, timer.signal)
      .catch((err: unknown) => {
        this.emitError("turn_detect_failed", err);
        return { complete: true, probability: 1 };
      })
      .then(async (verdict) => {
        if (generation !== this.holdGeneration || !this.held) return;
        if (!verdict.complete) {
          try {
            await this.clock.sleep(this.turnHoldMs, timer.signal);
          } catch {
            return; // new speech arrived: the turn goes on
          }
          if (generation !== this.holdGeneration || !this.held) return;
        }
        this.releaseHeld();
      });
  }

  private releaseHeld(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    this.holdGeneration++;
    held.timer.abort();
    this.bargeIn();
    this.enqueue(this.turnFromEvent(held.event, held.endedAt));
  }

  private turnFromEvent(event: TurnEnd, endedAt: number): CallerTurn {
    return {
      audio: event.audio,
      frames: event.frames,
      sampleRate: event.sampleRate,
      text: null,
      speechMs: event.speechMs,
      endedAt,
      endOfTurnMs: event.atMs - event.lastSpeechMs,
    };
  }

  /** Cuts off the reply in progress (if any): `interrupt` now, cancel generation and synthesis. */
  private bargeIn(): void {
    const reply = this.active;
    if (reply?.interrupt()) this.emit({ type: "interrupt", replyId: reply.replyId });
  }

  private enqueue(turn: CallerTurn): void {
    this.queue = this.queue.then(() => this.runTurn(turn)).catch((err: unknown) => this.emitError("pipeline_failed", err));
  }

  private emitError(code: string, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.emit({ type: "error", code, message });
  }

  private async runTurn(turn: CallerTurn): Promise<void> {
    const turnId = this.newId();
    let text: string;
    let recognized: boolean;
    if (turn.text !== null) {
      text = turn.text;
      recognized = true;
    } else {
      try {
        const transcript = turn.stream
          ? await turn.stream.finish()
          : await this.provider.transcribe({ samples: turn.audio ?? new Int16Array(0), sampleRate: turn.sampleRate });
        text = transcript.text.trim();
        recognized = transcript.recognized && text.length > 0;
        if (!text) text = describeSpeech(turn.speechMs);
      } catch (err) {
        this.emitError("stt_failed", err);
        return;
      }
    }
    const transcribedAt = this.clock.now();
    const emotions = await this.callerEmotions(turn, text, recognized);
    const index = this.turnIndex++;
    this.emit({ type: "caller_turn", turnId, text, recognized, typed: turn.text !== null, emotions, speechMs: turn.speechMs, at: turn.endedAt });
    this.remember({
      role: "user",
      content: recognized ? text : `(The caller spoke for ${(turn.speechMs / 1000).toFixed(1)} s, but the words could not be recognized.)`,
    });
    if (this.closed) return;
    const info: CallerTurnInfo = { text, recognized, typed: turn.text !== null, speechMs: turn.speechMs, index };
    await this.runReply(turnId, info, emotions, { turnEndedAt: turn.endedAt, transcribedAt, endOfTurnMs: turn.endOfTurnMs });
  }

  private async callerEmotions(turn: CallerTurn, text: string, recognized: boolean): Promise<EmotionScores> {
    const parts: Array<{ scores: EmotionScores; weight: number }> = [];
    if (turn.frames.length > 0) parts.push({ scores: prosodyEmotions(prosodyFromFrames(turn.frames)), weight: 0.4 });
    if (recognized) {
      try {
        parts.push({ scores: await this.provider.textEmotions(text), weight: 0.6 });
      } catch (err) {
        this.emitError("emotion_failed", err);
      }
    }
    return blendEmotions(parts);
  }

  private async runReply(turnId: string | null, turn: CallerTurnInfo | null, emotions: EmotionScores, timing: ReplyTiming): Promise<void> {
    const reply = new Reply(this.newId(), {
      provider: this.provider,
      emit: this.emit,
      clock: this.clock,
      playback: this.playback,
      onError: (code, err) => this.emitError(code, err),
    });
    this.active = reply;
    const messages = buildMessages(this.persona, emotions, this.history, this.maxHistory, { greeting: turn === null });
    try {
      const outcome = await reply.run(turnId, { persona: this.persona, messages, callerEmotions: emotions, turn, callType: this.callType }, timing);
      const heard = outcome.interrupted ? outcome.spokenText : outcome.text;
      if (heard) this.remember({ role: "assistant", content: heard });
    } finally {
      this.active = null;
    }
  }

  private remember(message: ChatMessage): void {
    this.history.push(message);
    if (this.history.length > this.maxHistory * 2) this.history.splice(0, this.history.length - this.maxHistory * 2);
  }
}

/** "[speech, 1.8 s]": how unrecognised speech is shown. */
export function describeSpeech(speechMs: number): string {
  return `[speech, ${(speechMs / 1000).toFixed(1)} s]`;
}

function mergeTurnEnds(a: TurnEnd, b: TurnEnd): TurnEnd {
  const gap = new Int16Array(Math.max(0, Math.round(((b.startMs - a.atMs) * a.sampleRate) / 1000)));
  const audio = new Int16Array(a.audio.length + gap.length + b.audio.length);
  audio.set(a.audio, 0);
  audio.set(b.audio, a.audio.length + gap.length);
  return { ...b, audio, frames: [...a.frames, ...b.frames], startMs: a.startMs, speechMs: b.lastSpeechMs - a.startMs };
}
