// The provider's turn model between the VAD's end of turn and the answer (AiProvider.detectTurnEnd):
// the turn is held while the model decides; if it says the caller isn't done, the turn stays open for
// holdMs, and speech in that time continues it (the two detector turns are merged). The model has
// settings.turnModelMs: late, the turn counts as complete; failing, the VAD decides (logged once per
// call, never shown to the caller). Knows only the provider interface and the pipeline's steps.
import type { AiProvider } from "../../ai/provider";
import { isAbortError } from "../core/clock";
import { runStep, StepFailure, type StepContext } from "../core/ai-steps";
import { logFailure, type TrailContext } from "../core/trail";
import { mergeTurnEnds, type TurnEnd } from "./end-of-turn";

/** The turn model hears at most the turn's last 8 s. */
const TURN_MODEL_MAX_MS = 8000;

export interface TurnHoldHost {
  provider: AiProvider;
  steps: StepContext;
  trail: TrailContext;
  /** How long to wait for more speech when the model says the caller isn't done. */
  holdMs: number;
  turnIndex(): number;
  /** The held turn is over: answer it. `fallbacks` says what stood in for the model (e.g. "turn:vad"). */
  release(event: TurnEnd, endedAt: number, fallbacks: string[]): void;
  /** A bug outside any AI step. */
  failed(err: unknown): void;
}

export class TurnHold {
  private held: { event: TurnEnd; endedAt: number; timer: AbortController } | null = null;
  private generation = 0;
  private failureLogged = false;

  constructor(private readonly host: TurnHoldHost) {}

  /** The caller went on talking: the held turn (if any) continues with the new speech. */
  resume(): void {
    if (!this.held) return;
    this.held.timer.abort();
    this.generation++;
  }

  /**
   * The speech that resumed the held turn came to nothing (a steady tone, dropped by the detector): the
   * turn waits holdMs again for more speech, then is answered. Without this it would wait for good.
   */
  waitAgain(): void {
    const held = this.held;
    if (!held) return;
    held.timer.abort();
    held.timer = new AbortController();
    this.releaseAfterHold(held.timer, ++this.generation, []).catch((err: unknown) => this.host.failed(err));
  }

  /** Waits holdMs for more speech (which aborts `timer`), then answers the held turn if it is still this one. */
  private async releaseAfterHold(timer: AbortController, generation: number, fallbacks: string[]): Promise<void> {
    try {
      await this.host.steps.clock.sleep(this.host.holdMs, timer.signal);
    } catch {
      return; // new speech arrived: the turn goes on
    }
    if (generation === this.generation && this.held) this.release(fallbacks);
  }

  /** The detector's new end of turn, merged with the held one if a turn was held (it is no longer held). */
  merge(event: TurnEnd): TurnEnd {
    const held = this.held;
    this.held = null;
    return held ? mergeTurnEnds(held.event, event) : event;
  }

  /** Asks the turn model whether the caller is done; holds the turn open for a while if not. */
  hold(event: TurnEnd, endedAt: number): void {
    const timer = new AbortController();
    this.held = { event, endedAt, timer };
    const generation = ++this.generation;
    const { provider, steps } = this.host;
    const detect = provider.detectTurnEnd;
    if (!detect) return;
    const window = event.audio.subarray(Math.max(0, event.audio.length - (TURN_MODEL_MAX_MS * event.sampleRate) / 1000));
    const fallbacks: string[] = [];
    void runStep(steps, { stage: "turn", deadlineMs: steps.settings.turnModelMs, signal: timer.signal }, (s) =>
      detect.call(provider, { samples: window, sampleRate: event.sampleRate }, s),
    )
      .then(
        ({ value }) => value,
        (err: unknown) => {
          if (timer.signal.aborted || isAbortError(err)) return null; // new speech: the turn goes on
          fallbacks.push(err instanceof StepFailure && err.timedOut ? "turn:timeout" : "turn:vad");
          if (!this.failureLogged) {
            this.failureLogged = true;
            logFailure(this.host.trail, this.host.turnIndex(), "turn", err, { fallback: "the VAD decides (logged once per call)" });
          }
          return { complete: true, probability: 1 };
        },
      )
      .then(async (verdict) => {
        if (!verdict || generation !== this.generation || !this.held) return;
        if (!verdict.complete) return this.releaseAfterHold(timer, generation, fallbacks);
        this.release(fallbacks);
      })
      .catch((err: unknown) => this.host.failed(err));
  }

  /** Answers the held turn now (if any): the model's verdict, typed input, or the call's end. */
  release(fallbacks: string[] = []): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    this.generation++;
    held.timer.abort();
    this.host.release(held.event, held.endedAt, fallbacks);
  }

  /** Stops waiting (the call is gone). */
  abort(): void {
    this.held?.timer.abort();
  }
}
