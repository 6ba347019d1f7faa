// The voice conversation of one call: caller audio/text in, PipelineEvents out. Knows only events and
// the AiProvider interface (never sockets, storage or which provider it has).
//
// Usage (worker/call/conversation-host.ts holds one per call):
//   const conversation = new Conversation({ provider, persona, emit: (event) => ..., history });
//   conversation.pushAudio(int16Samples16kHz);   // every audio_data frame, any size
//   conversation.greet();                        // optional: the Echo speaks first when the call connects
//   conversation.pushText("typed words");        // text_input: a caller turn with recognized: true
//   await conversation.say("This call is recorded."); // a fixed line of the call side, played as a reply
//   await conversation.close();                  // end_call: finishes the current turn/reply, then stops
//
// Events, per caller turn: caller_turn → assistant_started → assistant_text… / assistant_audio… (audio in
// sentence order; sentence n+1 is synthesized while sentence n plays) → assistant_done. assistant_done
// comes when the reply's audio has finished playing by the playback clock (or was cut off), so
// `interrupted` and `spokenText` are exact. Barge-in: caller speech sustained for `bargeInMs` (or a typed
// message, or a finished caller turn) while the assistant is replying or playing → `interrupt` at once,
// the LLM stream and pending synthesis are aborted, and assistant_done reports interrupted: true with the
// text played so far.
//
// Failures (settings.ts): every AI step runs under a deadline with retries for transient errors. A step
// that still fails becomes an `error` event, and the caller hears a short apology in the Echo's voice
// (reply/fallback-lines.ts) as an ordinary assistant reply, so every caller line plays it; the transcript keeps
// every line and the apology's entry records the failure (TurnOutcome). After settings.maxFailedTurns
// failed turns in a row the Echo says goodbye and the conversation emits `gave_up`; a reply the provider
// marks as closing (END_OF_CALL) is followed, once heard in full, by `echo_ended`. The turn model
// (turn-hold.ts) and text emotions fail quietly (the VAD decides; prosody scores the turn), logged once
// per call. One JSON log line per turn and per failure (trail.ts).
// say(text): a fixed line of the call side, played as an assistant reply (reply/said-lines.ts).
//
// A provider with streaming speech-to-text (openTranscriber) decides the turns instead of the VAD
// (streaming.ts): a reply is prepared unheard on the model's eager end of turn (speculation.ts), thrown
// away if the caller resumes, adopted when the turn ends. The VAD still hears barge-in. When the stream
// fails, the VAD, the turn model and whole-turn speech-to-text take over for the rest of the call.
//
// Safety (worker/safety/): a turn the check hits (heard-turn.ts) is answered with the fixed message
// first (safetyMessage, with this deployment's numbers), then the model's reply, told what was detected
// (safetyInstruction, after the Echo's own instructions). The message is said even if the model or the
// speech engine fails (spoken-reply.ts `lead`).
import { ACTION_NAMES, type CallType, type EmotionScores } from "../../protocol/call-messages";
import type { ConversationOptions } from "./conversation-options";
import type { ActionRequest, AiProvider, CallerTurnInfo, FallbackVoice, Persona, ReplyRequest } from "../ai/provider";
import { type CallerTurn, type HeardTurn, spokenTurn, textTurn } from "./queued-turn";
import { ChatHistory } from "./reply/chat-history";
import { systemClock, type Clock } from "./core/clock";
import type { PipelineEmit } from "./core/events";
import { TurnListener } from "./hearing/incremental-stt";
import type { HearingDeps } from "./hearing/words-and-emotions";
import { hearTurn, type HearTurnHost } from "./heard-turn";
import { buildMessages } from "./reply/persona";
import { memorySection } from "./reply/memory-section";
import type { MemoryNote } from "../../protocol/memory";
import { PlaybackClock, QUIET_FALLBACKS, Reply, type ReplyOutcome, type ReplyTiming, type ScriptedLine } from "./reply/spoken-reply";
import { DEFAULT_PIPELINE_SETTINGS, type PipelineSettings } from "../config/pipeline-settings";
import { SpokenLines } from "./reply/fallback-lines";
import { FailedTurns } from "./reply/failed-turns";
import { SaidLines } from "./reply/said-lines";
import type { StepContext } from "./core/ai-steps";
import { StreamTurns } from "./streaming/wiring";
import { consoleTrail, describeError, logFailure, logWarmUpFailure, TurnReport, type TrailContext } from "./core/trail";
import { TurnDetector, type TurnEvent } from "./turns/end-of-turn";
import { TurnHold } from "./turns/turn-model-hold";
import { VoiceBaseline } from "./hearing/voice-baseline";
import type { SafetyVerdict } from "../safety/check";
import { safetyInstruction, safetyMessage } from "../safety/resources";
import { DEFAULT_SAFETY_RESOURCES, type SafetyResources } from "../config/safety-resources";
import type { ActionPort } from "./actions/port";
import { runAction } from "./actions/run-action";

export class Conversation {
  private readonly provider: AiProvider;
  private readonly fallbackVoice: FallbackVoice;
  private readonly persona: Persona;
  private readonly emit: PipelineEmit;
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly detector: TurnDetector;
  private readonly bargeInMs: number;
  private readonly maxHistory: number;
  private readonly callType: CallType;
  private readonly history: ChatHistory;
  private queue: Promise<void> = Promise.resolve();
  private active: Reply | null = null;
  private readonly playback: PlaybackClock;
  private turnIndex = 0;
  private closed = false;
  /** The turn the provider's turn model is deciding on (turn-hold.ts). */
  private readonly hold: TurnHold;
  /** The provider's incremental transcription of the turn in progress (if it has one). */
  private readonly listener: TurnListener;
  private readonly settings: PipelineSettings;
  private readonly steps: StepContext;
  private readonly trail: TrailContext;
  private readonly lines: SpokenLines;
  private readonly hearing: HearingDeps;
  private readonly hearer: HearTurnHost;
  /** Aborted by abort(): every step in flight stops. */
  private readonly lifetime = new AbortController();
  private readonly failures: FailedTurns;
  private readonly said: SaidLines;
  /** Streaming speech-to-text, while it decides the turns (null: the VAD decides). */
  private stream: StreamTurns | null = null;
  private pending = 0;
  /** The VAD's speech in progress cut the Echo off (with a stream: answered even if it has no words). */
  private cutBySpeech = false;
  private readonly safetyResources: SafetyResources;
  /** What the Echo remembers of the caller (ranked notes) and its system prompt section. */
  private readonly memory: MemoryNote[];
  private readonly memoryText: string;
  private readonly actions: ActionPort | undefined;
  /** What every reply request carries besides the turn: the actions on offer and the owner's time zone. */
  private readonly requestExtras: Pick<ReplyRequest, "tools" | "timeZone">;

  constructor(options: ConversationOptions) {
    this.provider = options.provider;
    this.listener = new TurnListener(this.provider);
    this.persona = options.persona;
    this.emit = options.emit;
    this.clock = options.clock ?? systemClock;
    this.playback = new PlaybackClock(this.clock);
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.detector = new TurnDetector(options.turn, options.vad);
    this.bargeInMs = options.bargeInMs ?? 200;
    this.maxHistory = options.maxHistory ?? 20;
    this.callType = options.callType ?? "browser_test";
    this.safetyResources = options.safetyResources ?? DEFAULT_SAFETY_RESOURCES;
    this.memory = options.memory ?? [];
    this.memoryText = memorySection(this.memory, Date.now());
    this.history = new ChatHistory(options.history ?? [], this.maxHistory);
    this.actions = options.actions;
    this.requestExtras = { ...(options.actions ? { tools: ACTION_NAMES } : {}), ...(options.timeZone ? { timeZone: options.timeZone } : {}) };
    this.turnIndex = this.history.messages.filter((m) => m.role === "user").length;
    this.settings = { ...DEFAULT_PIPELINE_SETTINGS, ...options.settings };
    this.steps = { clock: this.clock, settings: this.settings, random: options.random ?? Math.random };
    this.trail = { sink: options.trail ?? consoleTrail, callId: options.callId ?? null, provider: this.provider.name, models: this.provider.models };
    const voice = new VoiceBaseline(options.voiceBaseline);
    this.hearing = { provider: this.provider, steps: this.steps, signal: this.lifetime.signal, trail: this.trail, turnIndex: () => this.turnIndex, voice };
    this.hearer = {
      hearing: this.hearing,
      history: this.history,
      emit: this.emit,
      clock: this.clock,
      trail: this.trail,
      newId: this.newId,
      stream: () => this.stream,
      closed: () => this.closed,
      nextTurnIndex: () => this.turnIndex++,
      // A live stream decides the turns itself (the VAD's turns then only carry the voice): no extra wait.
      setPatience: (extraMs) => (this.detector.extraSilenceMs = this.stream?.live ? 0 : extraMs),
    };
    this.hold = new TurnHold({
      provider: this.provider,
      steps: this.steps,
      trail: this.trail,
      holdMs: options.turnHoldMs ?? 1200,
      turnIndex: () => this.turnIndex,
      release: (event, endedAt, fallbacks) => {
        this.bargeIn();
        this.enqueue(spokenTurn(event, endedAt, fallbacks));
      },
      failed: (err) => this.pipelineFailed(err),
    });
    if (this.provider.openTranscriber) this.stream = this.openStream();
    this.fallbackVoice = options.fallbackVoice;
    this.lines = new SpokenLines(this.provider, this.persona.voiceStyle, this.steps, options.fallbackVoice, (line, err) =>
      logFailure(this.trail, null, "speech", err, { line, fallback: "the bundled voice says it" }),
    );
    this.failures = new FailedTurns({
      emit: this.emit,
      trail: this.trail,
      maxFailedTurns: this.settings.maxFailedTurns,
      lines: this.lines,
      signal: this.lifetime.signal,
      say: (turnId, line, report) => this.playLine(turnId, line, report),
      turnIndex: () => this.turnIndex,
      closed: () => this.closed,
      stop: () => {
        this.closed = true;
      },
    });
    this.said = new SaidLines({ lines: this.lines, newReply: (report) => this.newReply(report), signal: this.lifetime.signal, closed: () => this.closed });
  }

  /**
   * Call start: the provider loads what it needs before the first turn (warmUp; a failure is logged and
   * it loads on first use), and the apology and the goodbye are made in the Echo's voice, so they play
   * even if the speech model fails later. Optional: without it they are made on demand or said by the
   * bundled voice.
   */
  async prepare(): Promise<void> {
    const warming = this.provider.warmUp?.().catch((err: unknown) => logWarmUpFailure(this.trail, err));
    await Promise.all([warming, this.lines.prepare(["apology", "goodbye"], this.lifetime.signal)]);
  }

  /** Stops every step in flight now (the call is gone and no one will wait for them). */
  abort(): void {
    this.closed = true;
    this.stream?.close();
    this.hold.abort();
    this.active?.interrupt();
    this.lifetime.abort();
  }

  /** True while a reply is being generated or its audio is (by the playback clock) still playing. */
  get assistantActive(): boolean {
    return this.active !== null || this.playback.playing;
  }

  /** Caller audio: 16 kHz mono PCM16, any chunk size. */
  pushAudio(samples: Int16Array): void {
    if (this.closed) return;
    this.stream?.push(samples);
    // Indexed, not for…of: no iterator per frame (50 a second per call).
    const events = this.detector.push(samples);
    for (let i = 0; i < events.length; i++) this.onTurnEvent(events[i]!);
    this.listener.feed(this.detector.turnFrames);
    // The caller is talking (sustained, speech-like): the assistant stops, also if it only just started.
    // (With a stream, only speech that began after its last committed turn: not the tail of that turn.)
    const newSpeech = this.stream?.isNewSpeech(this.detector.nowMs - this.detector.speechSoFarMs) ?? true;
    if (this.detector.speaking && this.detector.speechSoFarMs >= this.bargeInMs && this.detector.modulated && newSpeech && this.bargeIn()) this.cutBySpeech = true;
  }

  /** Typed caller input: a recognised turn, answered like speech. */
  pushText(text: string): void {
    const trimmed = text.trim();
    if (this.closed || !trimmed) return;
    this.hold.release(); // speech that came first is answered first
    this.bargeIn();
    this.enqueue(textTurn(trimmed, this.clock.now()));
  }

  /**
   * A fixed line of the call side (the recording notice, a keypad confirmation), played as an assistant
   * reply queued after what is already queued for the caller, done once queued (reply/said-lines.ts).
   * True once its audio has gone out; false when the conversation closed first.
   */
  say(text: string): Promise<boolean> {
    return this.said.say(text);
  }

  /** The assistant speaks first (e.g. when the call is answered): a greeting that answers no caller turn. */
  greet(): void {
    if (this.closed) return;
    this.queue = this.queue
      .then(async () => {
        if (this.closed) return;
        const now = this.clock.now();
        const report = new TurnReport("none");
        const outcome = await this.runReply(null, null, {}, { turnEndedAt: now, transcribedAt: now, endOfTurnMs: undefined }, report);
        await this.failures.after(null, null, report, outcome, "hello");
      })
      .catch((err: unknown) => this.pipelineFailed(err));
  }

  /** Resolves when every queued turn and reply has finished. */
  idle(): Promise<void> {
    return this.queue;
  }

  /**
   * Ends the conversation: speech in progress becomes a last caller turn (transcribed, not answered),
   * the current reply is cut off (assistant_done, interrupted), and the promise resolves when all is done.
   * `stopPlayback`: the call goes on (a restart), so the cut is an `interrupt` too: the line stops playing.
   */
  async close(options: { stopPlayback?: boolean } = {}): Promise<void> {
    if (this.closed) return this.queue;
    let tail = this.detector.flush();
    // With a live stream: the VAD's turns it has not committed yet (its end of turn comes after a delay)
    // are transcribed whole; speech in progress is kept unless it is the tail of a committed turn.
    const uncommitted = this.stream?.live ? this.stream.takeUncommitted() : [];
    if (tail && this.stream?.live && !this.stream.inTurn && !this.stream.isNewSpeech(tail.startMs)) tail = null;
    this.stream?.close();
    this.hold.release();
    this.closed = true;
    // At the call's end the line goes too; when the call goes on (a restart), it stops playing the reply.
    if (options.stopPlayback) this.bargeIn();
    else this.active?.interrupt();
    const now = this.clock.now();
    for (const end of uncommitted) this.enqueue(spokenTurn(end, now));
    if (tail) {
      const turn = spokenTurn(tail, now);
      const stream = this.listener.take(tail.audio);
      if (stream) turn.stream = stream;
      this.enqueue(turn);
    }
    this.listener.cancel();
    return this.queue;
  }

  private onTurnEvent(event: TurnEvent): void {
    if (this.stream?.live) {
      if (event.type !== "turn_end") return;
      this.stream.heardByVad(event, this.cutBySpeech);
      this.cutBySpeech = false;
      return;
    }
    if (event.type === "speech_start") {
      this.hold.resume(); // the caller went on talking: a held turn continues with the new speech
      return;
    }
    if (event.type === "speech_dropped") {
      this.hold.waitAgain(); // that "speech" was a steady tone: the held turn waits as before, then is answered
      return;
    }
    const endedAt = this.clock.now();
    const merged = this.hold.merge(event);
    if (!this.provider.detectTurnEnd || event.forced) {
      this.bargeIn();
      const turn = spokenTurn(merged, endedAt);
      // A stream covers one detector turn; a merged one is transcribed whole.
      const stream = this.listener.take(event.audio);
      if (stream && merged === event) turn.stream = stream;
      else stream?.cancel();
      this.enqueue(turn);
      return;
    }
    this.listener.take(event.audio)?.cancel(); // held turns may merge: transcribed whole
    this.hold.hold(merged, endedAt);
  }

  /** Cuts off the reply in progress (if any): `interrupt` now, cancel generation and synthesis; true when it did. */
  private bargeIn(): boolean {
    const reply = this.active;
    if (!reply?.interrupt()) return false;
    this.emit({ type: "interrupt", replyId: reply.replyId });
    return true;
  }

  /**
   * Queues a caller turn: heard (transcribed, scored) when its turn comes, then answered. Only the first
   * step holds the turn, so its audio is freed once it is heard, not kept while the reply plays: the
   * handlers that wait for the reply are the object's own (closures made here would share one scope
   * with `turn` and keep it alive).
   */
  private enqueue(turn: CallerTurn): void {
    this.pending++;
    this.queue = this.queue
      .then(() => hearTurn(this.hearer, turn))
      .then(this.answerHeard)
      .catch(this.queueFailed)
      .finally(this.queueSettled);
  }

  private readonly answerHeard = (heard: HeardTurn | null): Promise<void> | undefined => (heard ? this.answerTurn(heard) : undefined);
  private readonly queueFailed = (err: unknown): void => this.pipelineFailed(err, true);
  private readonly queueSettled = (): void => {
    this.pending--;
  };

  private openStream(): StreamTurns {
    return new StreamTurns({
      provider: this.provider,
      persona: this.persona,
      steps: this.steps,
      signal: this.lifetime.signal,
      trail: this.trail,
      maxHistory: this.maxHistory,
      callType: this.callType,
      requestExtras: this.requestExtras,
      history: () => this.history.messages,
      historyVersion: () => this.history.version,
      turnIndex: () => this.turnIndex,
      closed: () => this.closed,
      idle: () => this.pending === 0 && !this.assistantActive,
      vadNowMs: () => this.detector.nowMs,
      commit: (streamed, frames) => {
        this.bargeIn();
        this.enqueue(textTurn(streamed.text, this.clock.now(), streamed, frames));
      },
      replay: (event) => this.onTurnEvent(event),
      answerWhole: (event) => this.enqueue(spokenTurn(event, this.clock.now())),
    });
  }

  /**
   * A bug or an unexpected failure outside any AI step: logged with its cause, told to the browser, and
   * apologised for, unless the caller has moved on (a turn of theirs is waiting: it is answered next).
   * `queued`: the failure is a queued turn's (counted in `pending` until it settles).
   */
  private pipelineFailed(err: unknown, queued = false): void {
    logFailure(this.trail, this.turnIndex, "pipeline", err);
    this.emit({ type: "error", code: "pipeline_failed", message: describeError(err) });
    if (this.closed || this.pending > (queued ? 1 : 0)) return;
    this.queue = this.queue.then(() => this.failures.unexpected()).catch((e: unknown) => logFailure(this.trail, this.turnIndex, "pipeline", e, { line: "apology" }));
  }

  /** The reply to a heard turn (or, if hearing failed, what the failed-turn policy says). */
  private async answerTurn(heard: HeardTurn): Promise<void> {
    const { turnId, info, report } = heard;
    const outcome = report.failure ? null : await this.runReply(turnId, info, heard.emotions, heard.timing, report, heard.speculation?.adopt(), heard.safety);
    await this.failures.after(info.index, turnId, report, outcome, "apology");
    // A closing reply heard to its end (a goodbye): the conversation stops and the call ends.
    if (outcome?.closesCall && !outcome.interrupted && !outcome.failure && !this.closed) {
      this.closed = true;
      this.emit({ type: "echo_ended", reason: "echo_said_goodbye" });
    }
  }

  /** One action a reply asked for, under its deadline (actions/run-action.ts). */
  private readonly act = (request: ActionRequest, signal: AbortSignal) =>
    runAction(request, { port: this.actions!, clock: this.clock, deadlineMs: this.settings.actionMs, timeZone: this.requestExtras.timeZone, signal });

  /** A scripted line (an apology, the goodbye) played as the assistant's reply. */
  private async playLine(turnId: string | null, line: ScriptedLine, report: TurnReport): Promise<void> {
    const reply = this.newReply(report);
    this.active = reply;
    try {
      await reply.say(turnId, line);
    } finally {
      this.active = null;
    }
  }

  private newReply(report: TurnReport, provider: AiProvider = this.provider): Reply {
    return new Reply(this.newId(), {
      provider,
      fallbackVoice: this.fallbackVoice,
      emit: this.emit,
      clock: this.clock,
      playback: this.playback,
      steps: this.steps,
      report,
      onQuietFailure: (stage, err) => logFailure(this.trail, this.turnIndex, stage, err, { fallback: QUIET_FALLBACKS[stage] }),
      ...(this.actions ? { act: this.act } : {}),
    });
  }

  private async runReply(
    turnId: string | null,
    turn: CallerTurnInfo | null,
    emotions: EmotionScores,
    timing: ReplyTiming,
    report: TurnReport,
    provider?: AiProvider,
    safety: SafetyVerdict | null = null,
  ): Promise<ReplyOutcome> {
    const reply = this.newReply(report, provider);
    this.active = reply;
    const instruction = safety ? { safetyInstruction: safetyInstruction(safety) } : {};
    const memory = this.memoryText ? { memory: this.memoryText } : {};
    const messages = buildMessages(this.persona, emotions, this.history.messages, this.maxHistory, { greeting: turn === null, ...instruction, ...memory });
    const request: ReplyRequest = { persona: this.persona, messages, callerEmotions: emotions, turn, callType: this.callType, ...this.requestExtras };
    if (this.memory.length > 0) request.memory = this.memory;
    if (safety) request.safety = { category: safety.category, negated: safety.negated };
    const lead = safety ? safetyMessage(safety, this.safetyResources) : undefined;
    try {
      const outcome = await reply.run(turnId, request, timing, lead);
      const heard = outcome.interrupted ? outcome.spokenText : outcome.text;
      if (heard) this.history.add({ role: "assistant", content: heard });
      return outcome;
    } finally {
      this.active = null;
    }
  }
}
