// One assistant reply: the LLM stream is cut into sentences, each sentence is synthesized as soon as it
// is complete — sentence n+1 while sentence n plays (never waiting for playback) — and audio goes out in
// order. A playback clock tracks what the caller has heard, so a cut-off reply knows its spoken text.
// Knows only events and the AiProvider interface.
import type { EmotionScores, TurnLatency } from "../../protocol/call";
import type { AiProvider, ReplyRequest } from "../ai/provider";
import { abortableStream, raceAbort } from "./abortable";
import { isAbortError, type Clock } from "./clock";
import type { PipelineEmit } from "./events";
import { SentenceChunker } from "./sentences";

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

export interface ReplyDeps {
  provider: AiProvider;
  emit: PipelineEmit;
  clock: Clock;
  playback: PlaybackClock;
  onError: (code: string, err: unknown) => void;
}

export interface ReplyOutcome {
  text: string;
  spokenText: string;
  interrupted: boolean;
}

export class Reply {
  private readonly controller = new AbortController();
  private readonly sentences: PlayedSentence[] = [];
  private interruptedAt: number | null = null;
  private finished = false;

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
    return true;
  }

  /** Streams, speaks and plays the reply; emits assistant_started … assistant_done. */
  async run(turnId: string | null, request: ReplyRequest, timing: ReplyTiming): Promise<ReplyOutcome> {
    const { provider, emit, clock, playback, onError } = this.deps;
    const signal = this.controller.signal;
    const replyId = this.replyId;
    emit({ type: "assistant_started", replyId, turnId, at: clock.now() });

    let fullText = "";
    let firstTokenAt: number | null = null;
    let firstAudioAt: number | null = null;
    let sentenceIndex = 0;
    let synthesis: Promise<void> = Promise.resolve();
    const chunker = new SentenceChunker();

    const speak = (sentence: string) => {
      const index = sentenceIndex++;
      synthesis = synthesis.then(async () => {
        if (signal.aborted) return;
        try {
          const audio = await raceAbort(provider.synthesize(sentence, request.persona.voiceStyle, signal), signal);
          if (signal.aborted || audio.samples.length === 0) return;
          const durationMs = (audio.samples.length * 1000) / audio.sampleRate;
          this.sentences.push({ text: sentence, ...playback.schedule(durationMs) });
          firstAudioAt ??= clock.now();
          emit({ type: "assistant_audio", replyId, index, sentence, pcm: audio.samples, sampleRate: audio.sampleRate, durationMs });
        } catch (err) {
          if (!signal.aborted && !isAbortError(err)) onError("tts_failed", err);
        }
      });
    };

    try {
      for await (const delta of abortableStream(provider.reply(request, signal), signal)) {
        if (!delta) continue;
        firstTokenAt ??= clock.now();
        fullText += delta;
        emit({ type: "assistant_text", replyId, delta });
        for (const sentence of chunker.push(delta)) speak(sentence);
      }
      for (const sentence of chunker.flush()) speak(sentence);
    } catch (err) {
      if (!signal.aborted && !isAbortError(err)) onError("llm_failed", err);
    }
    await synthesis;
    try {
      if (!signal.aborted) await playback.drain(signal);
    } catch {
      // cut off during playback
    }
    this.finished = true; // everything is said: from here on a barge-in has nothing to cut

    const text = fullText.trim();
    const interrupted = this.interruptedAt !== null;
    const spokenText = interrupted ? spokenUntil(this.sentences, this.interruptedAt ?? 0) : this.sentences.map((s) => s.text).join(" ");
    const latency: TurnLatency | null =
      firstAudioAt === null
        ? null
        : {
            transcribeMs: timing.transcribedAt - timing.turnEndedAt,
            firstTokenMs: (firstTokenAt ?? firstAudioAt) - timing.turnEndedAt,
            firstAudioMs: firstAudioAt - timing.turnEndedAt,
            ...(timing.endOfTurnMs !== undefined ? { endOfTurnMs: timing.endOfTurnMs } : {}),
          };
    let emotions: EmotionScores = {};
    if (text) {
      try {
        emotions = await provider.textEmotions(text);
      } catch {
        emotions = {};
      }
    }
    emit({ type: "assistant_done", replyId, text, spokenText, interrupted, emotions, latency, at: clock.now() });
    return { text, spokenText, interrupted };
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
