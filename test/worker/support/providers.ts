// AI provider test doubles for call tests, injected into one call with CallSession.useProvider: they wrap
// the real (offline) provider and change one thing.
import type { EmotionScores } from "../../../protocol/call-messages";
import type { VoiceStyle } from "../../../protocol/echo";
import type { AiProvider, PcmAudio, ReplyChunk, ReplyRequest, Transcript } from "../../../worker/ai/provider";

export type ProviderMethod = "reply" | "synthesize" | "transcribe";

/** Delegates everything to `inner`. */
class Wrapped implements AiProvider {
  readonly name;
  readonly engines;
  constructor(protected readonly inner: AiProvider) {
    this.name = inner.name;
    this.engines = inner.engines;
  }
  transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    return this.inner.transcribe(audio, signal);
  }
  textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores> {
    return this.inner.textEmotions(text, signal);
  }
  reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    return this.inner.reply(request, signal);
  }
  synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal): Promise<PcmAudio> {
    return this.inner.synthesize(text, voice, signal);
  }
}

/** The next `failures` calls of one method throw like a model outage. */
export class OutageProvider extends Wrapped {
  constructor(
    inner: AiProvider,
    private readonly failing: ProviderMethod,
    private failures = 1,
  ) {
    super(inner);
  }
  private fail(method: ProviderMethod): boolean {
    if (method !== this.failing || this.failures <= 0) return false;
    this.failures--;
    return true;
  }
  override transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    if (this.fail("transcribe")) return Promise.reject(new Error("speech-to-text model unavailable (503)"));
    return super.transcribe(audio, signal);
  }
  override async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    if (this.fail("reply")) throw new Error("language model unavailable (503)");
    yield* super.reply(request, signal);
  }
  override synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal): Promise<PcmAudio> {
    if (this.fail("synthesize")) return Promise.reject(new Error("text-to-speech model unavailable (503)"));
    return super.synthesize(text, voice, signal);
  }
}

/** Replies with only the first sentence of the real reply (short playback keeps tests quick). */
export class BriefProvider extends Wrapped {
  override async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    let text = "";
    for await (const delta of this.inner.reply(request, signal)) {
      text += delta;
      const end = /[.!?](\s|$)/.exec(text);
      if (end) {
        yield text.slice(0, end.index + 1);
        return;
      }
    }
    yield text;
  }
}

/**
 * Holds every call of one method (speech-to-text or text-to-speech) while `holding`, until `release()`:
 * a slow model the test controls. Release it inside the call's object (runInDurableObject): the held
 * promises belong to it.
 */
export class HeldProvider extends Wrapped {
  /** Calls of the method held so far. */
  held = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    inner: AiProvider,
    private readonly method: "transcribe" | "synthesize",
    public holding = true,
  ) {
    super(inner);
  }
  private async gate(method: "transcribe" | "synthesize"): Promise<void> {
    if (method !== this.method || !this.holding) return;
    this.held++;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  override async transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    await this.gate("transcribe");
    return super.transcribe(audio, signal);
  }
  override async synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal): Promise<PcmAudio> {
    await this.gate("synthesize");
    return super.synthesize(text, voice, signal);
  }
  release(): void {
    this.holding = false;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
