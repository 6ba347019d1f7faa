// Incremental recognition of one caller turn: audio is decoded in small steps while the caller is
// still speaking, each step on its own task, so the words are ready when the turn ends and no single
// step holds the thread for long (locally every call shares one thread: a whole-turn decode would
// stall every other call for most of a second).
import type { Transcript, TranscriptionStream } from "../../provider";
import type { Decoder, PocketSphinx } from "./pocketsphinx";

/**
 * Audio decoded per step: one 10 ms frame. Speech is dearer to decode than silence (a frame of speech
 * can cost several times its length on a loaded machine), so steps stay one frame long and each yields
 * the thread to other calls.
 */
export const STEP_SAMPLES = 160;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function abortError(): DOMException {
  return new DOMException("The operation was aborted.", "AbortError");
}

export class IncrementalTranscription implements TranscriptionStream {
  private readonly queue: Int16Array[] = [];
  private queued = 0;
  private decoder: Decoder | null = null;
  private engine: PocketSphinx | null = null;
  private ending = false;
  private cancelled = false;
  private readonly done: Promise<string>;
  private wake: (() => void) | null = null;

  constructor(
    engine: Promise<PocketSphinx>,
    private readonly stepSamples = STEP_SAMPLES,
  ) {
    this.done = this.run(engine);
    this.done.catch(() => {}); // reported through finish()
  }

  /** Samples decoded so far are behind by this many (backlog). */
  get pendingSamples(): number {
    return this.queued;
  }

  push(samples: Int16Array): void {
    if (this.ending || this.cancelled || samples.length === 0) return;
    this.queue.push(samples.slice());
    this.queued += samples.length;
    this.wakeUp();
  }

  async finish(signal?: AbortSignal): Promise<Transcript> {
    if (signal?.aborted) throw abortError();
    this.ending = true;
    this.wakeUp();
    const aborted = new Promise<never>((_, reject) => signal?.addEventListener("abort", () => reject(abortError()), { once: true }));
    const text = await Promise.race([this.done, aborted]);
    return { text, recognized: true };
  }

  cancel(): void {
    this.cancelled = true;
    this.queue.length = 0;
    this.queued = 0;
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async run(loading: Promise<PocketSphinx>): Promise<string> {
    this.engine = await loading;
    this.decoder = this.engine.acquire();
    let broken = false;
    try {
      this.decoder.start();
      for (;;) {
        if (this.cancelled) break;
        const step = this.take();
        if (step) {
          this.decoder.process(step);
          await nextTask();
          continue;
        }
        if (this.ending) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
      return this.decoder.end();
    } catch (err) {
      broken = true; // a decoder that failed mid-utterance is not reused
      throw err;
    } finally {
      if (!broken) this.engine.release(this.decoder);
    }
  }

  /** Up to stepSamples from the front of the queue. */
  private take(): Int16Array | null {
    if (this.queued === 0) return null;
    const out = new Int16Array(Math.min(this.stepSamples, this.queued));
    let filled = 0;
    while (filled < out.length) {
      const head = this.queue[0] as Int16Array;
      const n = Math.min(head.length, out.length - filled);
      out.set(head.subarray(0, n), filled);
      filled += n;
      if (n === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(n);
    }
    this.queued -= filled;
    return out;
  }
}
