// One assistant reply: the LLM stream is cut into sentences, each sentence is synthesized as soon as it
// is complete — sentence n+1 while sentence n plays (never waiting for playback) — and audio goes out in
// order. A playback clock tracks what the caller has heard, so a cut-off reply knows its spoken text.
// Every step runs under its deadline (settings.ts); a step that still fails stops the reply — what was
// already sent plays out — and the outcome names the failure (the conversation then apologises).
// A sentence with nothing to pronounce ("😊", "---") is not synthesized; one the speech engine makes no
// audio for (a script its voice can't pronounce) is skipped and logged: neither fails the reply, but a
// reply the caller would hear none of does. Every sentence is said with the reply's delivery (delivery.ts:
// the caller's state and the Echo's voice style), recorded in the turn's outcome.
// A reply may open with a fixed lead (the safety message, worker/safety/resources.ts): said first, in
// the Echo's voice or else the fallback voice, and only barge-in stops it: a failed model or speech step
// stops what follows, never the lead.
// A reply is said only as far as a person would say it in a breath or two (spoken-cap.ts): what is past
// that is neither said nor kept in the transcript.
// Knows only events and the AiProvider interface.
import type { ActionLine, EmotionScores, TurnLatency, TurnOutcome } from "../../../protocol/call-messages";
import { END_OF_CALL, type ActionRequest, type AiProvider, type FallbackVoice, type PcmAudio, type ReplyRequest } from "../../ai/provider";
import type { ActionResult } from "../actions/run-action";
import { isAbortError, type Clock } from "../core/clock";
import type { PipelineEmit } from "../core/events";
import { deliveryFor } from "./delivery";
import { guardedReply } from "./text-stream";
import { hasWords, SentenceChunker } from "./sentences";
import { SpokenCap } from "./spoken-cap";
import { failure, runStep, type StepContext, type StepFailure } from "../core/ai-steps";
import type { TurnReport } from "../core/trail";

export interface PlayedSentence {
  text: string;
  startAt: number;
  endAt: number;
}

/** When the caller's audio queue (as the server sent it) finishes playing. */
export class PlaybackClock {
  private until = 0;

  constructor(private readonly clock: Clock) {}

  /** Queues `durationMs` of audio after what is already queued. */
  schedule(durationMs: number): { startAt: number; endAt: number } {
    const startAt = Math.max(this.clock.now(), this.until);
    this.until = startAt + durationMs;
    return { startAt, endAt: this.until };
  }

  /** Playback stopped now (barge-in). */
  stop(): void {
    this.until = Math.min(this.until, this.clock.now());
  }

  get playing(): boolean {
    return this.clock.now() < this.until;
  }

  /** Waits until the queued audio has played (rejects with AbortError on `signal`). */
  drain(signal: AbortSignal): Promise<void> {
    return this.clock.sleep(this.until - this.clock.now(), signal);
  }
}

export interface ReplyTiming {
  /** When the caller's turn was known to be over. */
  turnEndedAt: number;
  transcribedAt: number;
  endOfTurnMs: number | undefined;
}

/** What the reply did instead, per quiet failure (the log line's `fallback`). */
export const QUIET_FALLBACKS = {
  emotions: "the reply's entry has no emotion scores",
  speech: "the sentence was skipped; the rest of the reply was said",
} as const;

export interface ReplyDeps {
  provider: AiProvider;
  /** The voice a sentence that must be said (the safety lead) falls back to when speech fails. */
  fallbackVoice: FallbackVoice;
  emit: PipelineEmit;
  clock: Clock;
  playback: PlaybackClock;
  steps: StepContext;
  /** The turn's record: retries, fallbacks, the failure (if any) and its stored outcome. */
  report: TurnReport;
  /**
   * A failure the pipeline recovered from without the caller noticing (logged, never shown): the reply's
   * emotion scores, or a sentence the speech engine made no audio for (skipped).
   */
  onQuietFailure: (stage: keyof typeof QUIET_FALLBACKS, err: unknown) => void;
  /**
   * Runs an action the engine asked for (actions/run-action.ts, under its deadline); absent: the call
   * offers no actions and a request is ignored.
   */
  act?: (request: ActionRequest, signal: AbortSignal) => Promise<ActionResult>;
}

/** Said when the engine ended the call (end_call) with no goodbye of its own. */
export const TOOL_GOODBYE = "Goodbye, and take care.";

export interface ReplyOutcome {
  text: string;
  spokenText: string;
  interrupted: boolean;
  /** The step that broke the reply (after its retries), or null. */
  failure: StepFailure | null;
  /** The provider said this reply closes the call (END_OF_CALL). */
  closesCall: boolean;
}

/** A line said as is (an apology, a goodbye): its text and ready audio. */
export interface ScriptedLine {
  text: string;
  audio: PcmAudio;
  status: TurnOutcome["status"];
}

export class Reply {
  /** Stops generation and synthesis: barge-in, end of call, or a failed step. */
  private readonly controller = new AbortController();
  /** Stops playback: barge-in and end of call only (a failure lets what was said play out). */
  private readonly cutoff = new AbortController();
  private readonly sentences: PlayedSentence[] = [];
  private interruptedAt: number | null = null;
  private finished = false;
  private failure: StepFailure | null = null;

  constructor(
    readonly replyId: string,
    private readonly deps: ReplyDeps,
  ) {}

  get interrupted(): boolean {
    return this.interruptedAt !== null;
  }

  /** Cuts the reply off now (generation and synthesis aborted, playback stopped); false if it was over already. */
  interrupt(): boolean {
    if (this.interruptedAt !== null || this.finished) return false;
    this.interruptedAt = this.deps.clock.now();
    this.deps.playback.stop();
    this.controller.abort();
    this.cutoff.abort();
    return true;
  }

  /**
   * A step failed for good: stop generating and synthesizing; what was already sent still plays.
   * `counts`: the failure counts toward ending the call (settings.maxFailedTurns).
   */
  private fail(err: unknown, stage: "reply" | "speech", counts = true): void {
    if (this.interruptedAt !== null) return; // cut off by the caller: nothing failed
    this.failure ??= failure(stage, err, 0);
    this.deps.report.fail(this.failure, counts);
    this.controller.abort();
  }

  /**
   * Streams, speaks and plays the reply; emits assistant_started … assistant_done. `lead`: fixed text
   * said before the model's words (the safety message), whatever happens to the model or its speech.
   */
  async run(turnId: string | null, request: ReplyRequest, timing: ReplyTiming, lead?: string): Promise<ReplyOutcome> {
    const { provider, emit, clock, playback, steps, report } = this.deps;
    const signal = this.controller.signal;
    const replyId = this.replyId;
    emit({ type: "assistant_started", replyId, turnId, at: clock.now() });
    const delivery = deliveryFor(request.callerEmotions, request.persona.voiceStyle);
    report.delivery = delivery;

    let fullText = "";
    let closesCall = false;
    /** Action requests, run once the model's words are in (tool calls come at the end of a stream). */
    const requested: ActionRequest[] = [];
    const actions: ActionLine[] = [];
    /** What the actions said, after the model's words (kept whole: the spoken cap is for the model's words). */
    let confirmations = "";
    let firstTokenAt: number | null = null;
    let firstAudioAt: number | null = null;
    let audioIndex = 0;
    /** Sentences with words that the speech engine made no audio for. */
    let unsaid = 0;
    let synthesis: Promise<void> = Promise.resolve();
    const chunker = new SentenceChunker();
    const cap = new SpokenCap();
    /** Says the sentences the cap keeps; the rest of the stream is read only for END_OF_CALL. */
    const say = (sentences: string[]) => {
      for (const sentence of sentences) if (cap.take(sentence)) speak(sentence);
    };

    const speak = (sentence: string, mustSay = false) => {
      // A lead's sentence stops only on barge-in (cutoff), not when the model fails (controller).
      const stop = mustSay ? this.cutoff.signal : signal;
      synthesis = synthesis.then(async () => {
        if (stop.aborted) return;
        if (!hasWords(sentence)) {
          // Nothing to pronounce: not synthesized. It stays in its place among the sentences, lasting no
          // time, so a cut-off reply's spoken text has it only if the caller heard what came before it.
          this.sentences.push({ text: sentence, ...playback.schedule(0) });
          return;
        }
        try {
          let audio: PcmAudio;
          try {
            ({ value: audio } = await runStep(
              steps,
              { stage: "speech", deadlineMs: steps.settings.speechMs, signal: stop, onRetry: () => report.retry("speech") },
              (s) => provider.synthesize(sentence, request.persona.voiceStyle, s, delivery),
            ));
          } catch (err) {
            if (!mustSay || stop.aborted || isAbortError(err)) throw err;
            this.deps.onQuietFailure("speech", err);
            audio = { samples: new Int16Array(0), sampleRate: 16000 };
          }
          if (stop.aborted) return;
          if (mustSay && audio.samples.length === 0) {
            report.fallback("speech:clip");
            audio = this.deps.fallbackVoice.synthesize(sentence, request.persona.voiceStyle);
          }
          if (audio.samples.length === 0) {
            // The engine has nothing it can say for these words (the built-in English voices and
            // another script): the caller hears the rest of the reply; the sentence is logged.
            unsaid++;
            report.fallback("speech:skipped");
            this.deps.onQuietFailure("speech", new Error(`the speech engine made no audio for the sentence "${sentence}"; it was skipped`));
            return;
          }
          const index = audioIndex++;
          const durationMs = (audio.samples.length * 1000) / audio.sampleRate;
          this.sentences.push({ text: sentence, ...playback.schedule(durationMs) });
          firstAudioAt ??= clock.now();
          emit({ type: "assistant_audio", replyId, index, sentence, pcm: audio.samples, sampleRate: audio.sampleRate, durationMs });
        } catch (err) {
          if (!signal.aborted && !isAbortError(err)) this.fail(err, "speech");
        }
      });
    };

    if (lead) {
      fullText = `${lead} `;
      emit({ type: "assistant_text", replyId, delta: fullText });
      const leadChunker = new SentenceChunker();
      for (const sentence of [...leadChunker.push(lead), ...leadChunker.flush()]) speak(sentence, true);
    }
    const leadText = fullText;

    try {
      for await (const delta of guardedReply(steps, provider, request, signal, () => report.retry("reply"))) {
        if (typeof delta !== "string") {
          if (this.deps.act) requested.push(delta);
          continue;
        }
        if (delta === END_OF_CALL) closesCall = true;
        if (!delta || delta === END_OF_CALL || cap.capped) continue;
        firstTokenAt ??= clock.now();
        fullText += delta;
        say(chunker.push(delta));
        if (!cap.capped) emit({ type: "assistant_text", replyId, delta });
      }
      if (!cap.capped) say(chunker.flush());
    } catch (err) {
      if (!isAbortError(err)) this.fail(err, "reply");
    }
    // The actions asked for, each said as it finishes (a confirmation, or a question back).
    const confirm = (said: string) => {
      const piece = `${hasWords(fullText) || confirmations ? " " : ""}${said}`;
      confirmations += piece;
      emit({ type: "assistant_text", replyId, delta: piece });
      const own = new SentenceChunker();
      for (const sentence of [...own.push(piece), ...own.flush()]) speak(sentence);
    };
    for (const action of requested) {
      if (signal.aborted || !this.deps.act) break;
      try {
        const result = await this.deps.act(action, signal);
        actions.push(result.line);
        if (action.name === "end_call") closesCall = true;
        if (result.spoken) confirm(result.spoken);
      } catch (err) {
        if (!isAbortError(err)) this.fail(err, "reply");
      }
    }
    // Ended by a tool with no words of its own: a goodbye, not silence.
    if (closesCall && !signal.aborted && !hasWords(fullText.slice(leadText.length)) && !confirmations) confirm(TOOL_GOODBYE);
    // A reply with no words (an empty or blank answer, or only emoji) would be silence: it fails like any other.
    if (!signal.aborted && !hasWords(fullText.slice(leadText.length) + confirmations)) {
      this.fail(new Error(fullText.trim() ? "the model answered with nothing to say" : "the model answered with no text"), "reply");
    }
    await synthesis;
    // Words, none of which the speech engine could say: the apology, not silence. The engine works (it
    // can't pronounce this reply), so the turn does not count toward ending the call.
    if (!signal.aborted && unsaid > 0 && firstAudioAt === null) {
      this.fail(new Error(`the speech engine made no audio for any of the reply's ${unsaid} ${unsaid === 1 ? "sentence" : "sentences"}`), "speech", false);
    }
    await this.drain();
    this.finished = true; // everything is said: from here on a barge-in has nothing to cut

    const interrupted = this.interruptedAt !== null;
    // Only wordless sentences ("😊") played: nothing was heard.
    const words = (text: string) => (hasWords(text) ? text : "");
    const heard = words(this.sentences.map((s) => s.text).join(" "));
    const spokenText = interrupted ? words(spokenUntil(this.sentences, this.interruptedAt ?? 0)) : heard;
    // A failed reply keeps what the caller heard, not what the model wrote but nobody said.
    const text = this.failure ? heard : `${cap.capped ? cap.text : fullText.trim()}${confirmations}`.trim();
    const latency: TurnLatency | null =
      firstAudioAt === null
        ? null
        : {
            transcribeMs: timing.transcribedAt - timing.turnEndedAt,
            firstTokenMs: (firstTokenAt ?? firstAudioAt) - timing.turnEndedAt,
            firstAudioMs: firstAudioAt - timing.turnEndedAt,
            ...(timing.endOfTurnMs !== undefined ? { endOfTurnMs: timing.endOfTurnMs } : {}),
          };
    if (firstTokenAt !== null) report.stageMs.firstTokenMs = firstTokenAt - timing.turnEndedAt;
    if (firstAudioAt !== null) report.stageMs.firstAudioMs = firstAudioAt - timing.turnEndedAt;
    const emotions = text ? await this.emotionsOf(text) : {};
    emit({ type: "assistant_done", replyId, text, spokenText, interrupted, emotions, latency, outcome: report.outcome(), ...(actions.length ? { actions } : {}), at: clock.now() });
    return { text, spokenText, interrupted, failure: this.failure, closesCall };
  }

  /**
   * Says a ready line (apology, goodbye, a line of the call side) like a one-sentence reply: barge-in
   * cuts it like any reply. Its audio has gone out when this returns (an emit that throws throws here,
   * not in the promise); the promise settles once it has played, was cut off, or was let go (release()).
   */
  say(turnId: string | null, line: ScriptedLine): Promise<ReplyOutcome> {
    const { emit, clock, playback } = this.deps;
    const replyId = this.replyId;
    emit({ type: "assistant_started", replyId, turnId, at: clock.now() });
    emit({ type: "assistant_text", replyId, delta: line.text });
    const durationMs = (line.audio.samples.length * 1000) / line.audio.sampleRate;
    this.sentences.push({ text: line.text, ...playback.schedule(durationMs) });
    emit({ type: "assistant_audio", replyId, index: 0, sentence: line.text, pcm: line.audio.samples, sampleRate: line.audio.sampleRate, durationMs });
    return this.played(line);
  }

  /** Stops waiting for the reply's playback without cutting it off: it counts as heard in full. */
  release(): void {
    this.cutoff.abort();
  }

  private async played(line: ScriptedLine): Promise<ReplyOutcome> {
    const { emit, clock, report } = this.deps;
    const replyId = this.replyId;
    await this.drain();
    this.finished = true;
    const interrupted = this.interruptedAt !== null;
    const spokenText = interrupted ? spokenUntil(this.sentences, this.interruptedAt ?? 0) : line.text;
    emit({ type: "assistant_done", replyId, text: line.text, spokenText, interrupted, emotions: {}, latency: null, outcome: report.outcome(line.status), at: clock.now() });
    return { text: line.text, spokenText, interrupted, failure: null, closesCall: false };
  }

  private async drain(): Promise<void> {
    try {
      if (!this.cutoff.signal.aborted) await this.deps.playback.drain(this.cutoff.signal);
    } catch {
      // cut off during playback
    }
  }

  private async emotionsOf(text: string): Promise<EmotionScores> {
    const { steps, provider } = this.deps;
    try {
      const { value } = await runStep(steps, { stage: "emotions", deadlineMs: steps.settings.emotionsMs }, (s) => provider.textEmotions(text, s));
      return value;
    } catch (err) {
      this.deps.onQuietFailure("emotions", err);
      return {};
    }
  }
}

/** The text the caller heard before `at`: whole sentences, plus the share of words of the one cut off. */
export function spokenUntil(sentences: readonly PlayedSentence[], at: number): string {
  const out: string[] = [];
  for (const s of sentences) {
    if (s.endAt <= at) out.push(s.text);
    else if (s.startAt < at) {
      const words = s.text.split(/\s+/);
      const count = Math.floor((words.length * (at - s.startAt)) / (s.endAt - s.startAt));
      if (count > 0) out.push(`${words.slice(0, count).join(" ")}…`);
    }
  }
  return out.join(" ");
}
