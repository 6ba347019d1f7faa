// Faults for the pipeline's AI steps, on the test's manual clock: wraps a ScriptedProvider and, per
// method, plays queued faults one call at a time (then behaves): a hang (until the step is cancelled),
// a delay, a thrown error (e.g. an AiStepError that is or is not transient), or — for the reply — a
// stream that breaks after some deltas. The workerd tests have the same faults at the AI binding's wire
// level (test/worker/support/chaos-ai.ts); this one is for exact timing.
import type { EmotionScores } from "../../../protocol/call-messages";
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";
import { AiStepError, type AiStage } from "../../../worker/ai/errors";
import type { AiProvider, PcmAudio, ReplyChunk, ReplyRequest, Transcript, TurnEndVerdict } from "../../../worker/ai/provider";
import type { Clock } from "../../../worker/pipeline/core/clock";
import type { ScriptedProvider } from "./scripted-provider";

/** "ok": this call behaves (to fault a later one). */
export type Fault = "ok" | "hang" | { delayMs: number } | Error | { cutAfter: number; error: Error };
export type FaultMethod = "transcribe" | "textEmotions" | "reply" | "synthesize" | "detectTurnEnd";

/** An AiStepError like a provider's: `transient` decides whether the pipeline retries. */
export function stepError(stage: AiStage, message: string, transient: boolean, extra: { status?: number; code?: string | number } = {}): AiStepError {
  return new AiStepError(message, { stage, model: `test/${stage}`, transient, ...extra });
}

export class ChaosProvider implements AiProvider {
  readonly name;
  readonly calls: Record<FaultMethod, number> = { transcribe: 0, textEmotions: 0, reply: 0, synthesize: 0, detectTurnEnd: 0 };
  /** Signals handed to each call, to check they were aborted. */
  readonly signals: Array<{ method: FaultMethod; signal: AbortSignal | undefined }> = [];
  readonly detectTurnEnd?: (audio: PcmAudio, signal?: AbortSignal) => Promise<TurnEndVerdict>;

  constructor(
    private readonly inner: ScriptedProvider,
    private readonly clock: Clock,
    private readonly faults: Partial<Record<FaultMethod, Fault[]>>,
  ) {
    this.name = inner.name;
    const detect = inner.detectTurnEnd;
    if (detect) this.detectTurnEnd = (audio, signal) => this.faulty("detectTurnEnd", signal, () => detect(audio, signal));
  }

  private next(method: FaultMethod, signal: AbortSignal | undefined): Fault | undefined {
    this.calls[method]++;
    this.signals.push({ method, signal });
    return this.faults[method]?.shift();
  }

  private async faulty<T>(method: FaultMethod, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    const fault = this.next(method, signal);
    await this.apply(fault, signal);
    return run();
  }

  private async apply(fault: Fault | undefined, signal: AbortSignal | undefined): Promise<void> {
    if (!fault || fault === "ok") return;
    if (fault === "hang") {
      await this.clock.sleep(24 * 3600_000, signal);
      throw new Error("a hung call ended by itself");
    }
    if (fault instanceof Error) throw fault;
    if ("delayMs" in fault) await this.clock.sleep(fault.delayMs, signal);
  }

  transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    return this.faulty("transcribe", signal, () => this.inner.transcribe(audio, signal));
  }

  textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores> {
    return this.faulty("textEmotions", signal, () => this.inner.textEmotions(text));
  }

  async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    const fault = this.next("reply", signal);
    if (fault && typeof fault === "object" && "cutAfter" in fault) {
      let n = 0;
      for await (const delta of this.inner.reply(request, signal)) {
        if (n++ === fault.cutAfter) throw fault.error;
        yield delta;
      }
      return;
    }
    await this.apply(fault, signal);
    yield* this.inner.reply(request, signal);
  }

  synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal, delivery?: Delivery): Promise<PcmAudio> {
    return this.faulty("synthesize", signal, () => this.inner.synthesize(text, voice, signal, delivery));
  }
}
