// Incremental recognition of one caller turn: audio is decoded in small steps while the caller is
// still speaking, each step on its own task, so the words are ready when the turn ends and no single
// step holds the thread for long (locally every call shares one thread: a whole-turn decode would
// stall every other call for most of a second).
import type { Transcript, TranscriptionStream } from "../../provider";
import { abortError } from "./pool";

/** One utterance at a time (pocketsphinx.ts's Decoder). */
export interface UtteranceDecoder {
  start(): void;
  /** Takes audio and searches some of it; returns how much search work is left for search() calls. */
  process(samples: Int16Array): number;
  /** Searches a little more of what process() left; returns how much is left. */
  search(): number;
  /** Ends the utterance one piece per next() (each about a decode step's work); returns the words. */
  ending(): Iterator<void, string, void>;
}

/** Where decoders come from (pocketsphinx.ts's PocketSphinx: one per concurrent utterance). */
export interface DecoderPool {
  /** Waits while every decoder is busy; rejects (AbortError) once `signal` aborts. */
  acquire(signal?: AbortSignal): Promise<UtteranceDecoder>;
  release(decoder: UtteranceDecoder): void;
  /** A decoder that failed mid-utterance: never lent again. */
  discard(decoder: UtteranceDecoder): void;
}

/**
 * Audio decoded per step: one 10 ms frame. Speech is dearer to decode than silence (a frame of speech
 * can cost several times its length on a loaded machine), so steps stay one frame long and each yields
 * the thread to other calls.
 */
export const STEP_SAMPLES = 160;

/**
 * Behind by more than this much audio (a loaded machine, or the turn's end arriving before its audio
 * was decoded), a task decodes CATCH_UP_STEPS steps at once (20 ms of audio), so the words aren't late
 * by the time the thread takes to come back between steps; while keeping up, one step per task. Two,
 * not four: a 40 ms block of speech took up to ~30 ms of CPU on the loaded machine, over the 20 ms
 * other calls can wait.
 */
const BACKLOG_SAMPLES = 3200;
export const CATCH_UP_STEPS = 2;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class IncrementalTranscription implements TranscriptionStream {
  private readonly queue: Int16Array[] = [];
  private queued = 0;
  private decoder: UtteranceDecoder | null = null;
  private engine: DecoderPool | null = null;
  private ending = false;
  private cancelled = false;
  /** Aborted by cancel(): a stream still waiting for a decoder leaves the pool's queue. */
  private readonly given = new AbortController();
  private readonly done: Promise<string>;
  private wake: (() => void) | null = null;

  constructor(
    engine: Promise<DecoderPool>,
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

  /**
   * The words, once the rest of the audio is decoded. Aborted (its deadline passed), the stream is
   * given up: it stops decoding, ends its utterance and gives its decoder back, so a retry neither
   * races it nor, finding every decoder busy, builds another.
   */
  async finish(signal?: AbortSignal): Promise<Transcript> {
    if (signal?.aborted) {
      this.cancel();
      throw abortError();
    }
    this.ending = true;
    this.wakeUp();
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener(
        "abort",
        () => {
          this.cancel();
          reject(abortError());
        },
        { once: true },
      ),
    );
    const text = await Promise.race([this.done, aborted]);
    return { text, recognized: true };
  }

  cancel(): void {
    this.cancelled = true;
    this.queue.length = 0;
    this.queued = 0;
    this.given.abort();
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async run(loading: Promise<DecoderPool>): Promise<string> {
    this.engine = await loading;
    try {
      this.decoder = await this.engine.acquire(this.given.signal);
    } catch (err) {
      if (this.cancelled) return ""; // given up while every decoder was busy: it never had one
      throw err;
    }
    let broken = false;
    try {
      this.decoder.start();
      for (;;) {
        if (this.cancelled) break;
        const step = this.take(this.queued > BACKLOG_SAMPLES ? this.stepSamples * CATCH_UP_STEPS : this.stepSamples);
        if (step) {
          // A step's search work beyond its own audio (the recogniser's held-back speech frames) goes
          // on in pieces, one per task, before the next step.
          let left = this.decoder.process(step);
          await nextTask();
          while (left > 0 && !this.cancelled) {
            left = this.decoder.search();
            await nextTask();
          }
          continue;
        }
        if (this.ending) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
      // The end of an utterance is several decode steps' work: one piece per task as well. A cancelled
      // utterance ends the same way (skipping the search's last frames leaves the decoder's state
      // inconsistent for its next utterance: PocketSphinx asserts), its words unread.
      const pieces = this.decoder.ending();
      for (;;) {
        const piece = pieces.next();
        if (piece.done) return this.cancelled ? "" : piece.value;
        await nextTask();
      }
    } catch (err) {
      broken = true; // a decoder that failed mid-utterance is not reused
      throw err;
    } finally {
      if (broken) this.engine.discard(this.decoder);
      else this.engine.release(this.decoder);
    }
  }

  /** Up to `samples` from the front of the queue. */
  private take(samples: number): Int16Array | null {
    if (this.queued === 0) return null;
    const out = new Int16Array(Math.min(samples, this.queued));
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
