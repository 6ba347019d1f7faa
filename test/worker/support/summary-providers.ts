// Providers for summary tests, injected with CallSession.useProvider or passed to summarizeCall: they
// wrap the real (offline) provider for the conversation and claim a language model (name "workers-ai"),
// answering only the summarization request differently.
import type { EmotionScores } from "../../../protocol/call-messages";
import type { VoiceStyle } from "../../../protocol/echo";
import { AiStepError } from "../../../worker/ai/errors";
import type { AiProvider, PcmAudio, ReplyChunk, ReplyRequest, Transcript } from "../../../worker/ai/provider";
import { SUMMARY_INSTRUCTIONS } from "../../../worker/summary/prompt";

export const isSummaryRequest = (r: ReplyRequest) => r.messages[0]?.content === SUMMARY_INSTRUCTIONS;

type SummaryAnswer = (request: ReplyRequest, signal?: AbortSignal) => AsyncIterable<string>;

/** A language-model provider whose summarization answer is `answer`; everything else is offline's. */
export class SummaryModelProvider implements AiProvider {
  readonly name = "workers-ai" as const;
  /** Summarization requests seen. */
  summaryRequests: ReplyRequest[] = [];
  constructor(
    private readonly inner: AiProvider,
    private readonly answer: SummaryAnswer,
  ) {}
  transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    return this.inner.transcribe(audio, signal);
  }
  textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores> {
    return this.inner.textEmotions(text, signal);
  }
  reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    if (!isSummaryRequest(request)) return this.inner.reply(request, signal);
    this.summaryRequests.push(request);
    return this.answer(request, signal);
  }
  synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal): Promise<PcmAudio> {
    return this.inner.synthesize(text, voice, signal);
  }
}

/** Streams `text` in a few deltas, like a model. */
export function answering(text: string): SummaryAnswer {
  return async function* () {
    for (let i = 0; i < text.length; i += 17) yield text.slice(i, i + 17);
  };
}

/** Fails like a model outage (HTTP 503, not retried when `transient` is false). */
export function failing(transient: boolean): SummaryAnswer {
  // eslint-disable-next-line require-yield
  return async function* () {
    throw new AiStepError("The language model failed (@cf/test/llm): HTTP 503 capacity", { stage: "reply", model: "@cf/test/llm", transient, status: 503 });
  };
}

/** Never answers until aborted. */
export function silent(): SummaryAnswer {
  return async function* (_request, signal) {
    await new Promise<void>((_, reject) => signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
    yield "";
  };
}

/** Answers as `answer` does, but only once `release()` is called (a model still working meanwhile). */
export function heldBack(answer: SummaryAnswer): { answer: SummaryAnswer; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    answer: async function* (request, signal) {
      await released;
      yield* answer(request, signal);
    },
    release,
  };
}
