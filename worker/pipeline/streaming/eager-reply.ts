// An eager reply: prepared from a streaming model's EagerEndOfTurn transcript before the caller's turn is
// known to be over, and kept entirely unheard — no event is emitted while it runs. It scores the words'
// emotions, starts the reply stream (tokens are buffered) and synthesizes the first complete sentence.
// If the caller resumes it is discarded (every request aborted, nothing ever reached the caller); if the
// turn ends with the same words the committed reply adopts it: `adopt()` is a provider whose reply
// stream continues from the buffered tokens and whose speech for that first sentence is the one already
// made. Everything else (deadlines, retries, events, playback) stays with the ordinary Reply.
import type { EmotionScores } from "../../../protocol/call-messages";
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";
import type { AiProvider, PcmAudio, ReplyChunk, ReplyRequest } from "../../ai/provider";
import { raceAbort } from "../core/abortable";
import { abortError } from "../core/clock";
import { deliveryFor, sameDelivery } from "../reply/delivery";
import { hasWords, SentenceChunker } from "../reply/sentences";
import { runStep, type StepContext } from "../core/ai-steps";

export interface SpeculationDeps {
  provider: AiProvider;
  steps: StepContext;
  /** The conversation's lifetime. */
  signal: AbortSignal;
  voice: VoiceStyle;
}

export class Speculation {
  private readonly controller = new AbortController();
  private readonly deltas: ReplyChunk[] = [];
  private finished = false;
  private error: unknown = null;
  private wake: (() => void) | null = null;
  private firstSentence: { text: string; delivery: Delivery; audio: Promise<PcmAudio> } | null = null;
  private adopted = false;
  /** The words' emotion scores (null when scoring failed: the committed turn scores them itself). */
  readonly wordScores: Promise<EmotionScores | null>;

  constructor(
    private readonly deps: SpeculationDeps,
    /** The transcript it answers. */
    readonly text: string,
    /** The version of the conversation's history it was built on: a different one at commit means start over. */
    readonly historyVersion: number,
    request: (wordScores: EmotionScores | null) => ReplyRequest,
  ) {
    const signal = AbortSignal.any([deps.signal, this.controller.signal]);
    this.wordScores = runStep(deps.steps, { stage: "emotions", deadlineMs: deps.steps.settings.emotionsMs, signal }, (s) => deps.provider.textEmotions(text, s)).then(
      ({ value }) => value,
      () => null,
    );
    void this.run(request, signal);
  }

  /** True once it was adopted or discarded. */
  get settled(): boolean {
    return this.adopted || this.controller.signal.aborted;
  }

  /** The caller went on (or the words changed): stop everything; nothing was heard. */
  discard(): void {
    if (this.adopted) return;
    this.controller.abort();
    this.notify();
  }

  /** The turn ended with these words: a provider that continues this reply (see the file's header). */
  adopt(): AiProvider {
    this.adopted = true;
    const inner = this.deps.provider;
    let replied = false;
    let first = this.firstSentence;
    return {
      name: inner.name,
      ...(inner.models ? { models: inner.models } : {}),
      transcribe: (audio, signal) => inner.transcribe(audio, signal),
      textEmotions: (text, signal) => inner.textEmotions(text, signal),
      reply: (request, signal) => {
        if (replied) return inner.reply(request, signal); // a retry asks the model again
        replied = true;
        return this.replay(signal);
      },
      synthesize: (text, voice, signal, delivery) => {
        const made = first;
        first = null;
        // Made for these words, in this voice and said the same way (the committed turn's voice may change the delivery).
        if (made && made.text === text && voice === this.deps.voice && sameDelivery(made.delivery, delivery)) return signal ? raceAbort(made.audio, signal) : made.audio;
        return inner.synthesize(text, voice, signal, delivery);
      },
    };
  }

  private async run(request: (wordScores: EmotionScores | null) => ReplyRequest, signal: AbortSignal): Promise<void> {
    const { provider, voice } = this.deps;
    const chunker = new SentenceChunker();
    try {
      const scores = await this.wordScores;
      if (signal.aborted) throw abortError();
      const asked = request(scores);
      const delivery = deliveryFor(asked.callerEmotions, voice);
      for await (const delta of provider.reply(asked, signal)) {
        if (signal.aborted) throw abortError();
        this.deltas.push(delta);
        this.notify();
        if (this.firstSentence || typeof delta !== "string") continue;
        // The first sentence with words (the reply skips one with nothing to pronounce, e.g. "😊").
        const sentence = chunker.push(delta).find(hasWords);
        if (sentence !== undefined) {
          const audio = provider.synthesize(sentence, voice, signal, delivery);
          audio.catch(() => undefined); // a failure shows when the committed reply asks for it
          this.firstSentence = { text: sentence, delivery, audio };
        }
      }
    } catch (err) {
      this.error = err;
    } finally {
      this.finished = true;
      this.notify();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** The buffered tokens, then the rest as they come; the committed reply's abort stops the model. */
  private async *replay(signal: AbortSignal | undefined): AsyncGenerator<ReplyChunk> {
    const stop = () => this.controller.abort();
    signal?.addEventListener("abort", stop, { once: true });
    try {
      let at = 0;
      for (;;) {
        while (at < this.deltas.length) yield this.deltas[at++] ?? "";
        if (this.controller.signal.aborted) throw abortError();
        if (this.finished) {
          if (this.error !== null) throw this.error;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      signal?.removeEventListener("abort", stop);
    }
  }
}
