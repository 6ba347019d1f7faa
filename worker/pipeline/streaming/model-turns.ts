// Turn-taking by a streaming speech-to-text model (AiProvider.openTranscriber): the caller's audio is
// streamed as it arrives and the model's events decide the turns —
//   eager_end_of_turn → a reply is prepared unheard (speculation.ts), if the conversation is idle;
//   turn_resumed      → that reply is thrown away (the caller never hears any of it);
//   end_of_turn       → the turn is committed, adopting the prepared reply when the words are the same.
// When the session fails (connect error, an Error message, the socket closed, silence) the host falls
// back to the VAD and whole-turn speech-to-text for the rest of the call. Knows only the provider
// interface and the host's callbacks.
import type { AiProvider, StreamingTranscriber, StreamingTurnEvent } from "../../ai/provider";
import type { Speculation } from "./eager-reply";

export interface StreamedTurn {
  text: string;
  /** The turn's length by the model's audio clock (StartOfTurn → EndOfTurn). */
  speechMs: number;
  /** The reply prepared on EagerEndOfTurn for these very words, or null. */
  speculation: Speculation | null;
}

export interface StreamingHost {
  provider: AiProvider;
  /** The conversation's lifetime: aborted, the session closes. */
  signal: AbortSignal;
  /** True when a reply prepared now could be the next thing the caller hears (nothing queued or playing). */
  /** May a reply be prepared for these words now (e.g. not while the Echo talks, not for a safety hit)? */
  canSpeculate(text: string): boolean;
  speculate(text: string, speechMs: number): Speculation;
  commit(turn: StreamedTurn): void;
  /** The stream failed for good: switch to the VAD and whole-turn speech-to-text. */
  fallback(error: unknown): void;
}

export class StreamingTurns {
  private transcriber: StreamingTranscriber | null = null;
  private speculation: Speculation | null = null;
  private turnStartMs: number | null = null;
  private failed = false;
  /** Eager replies thrown away unheard because the caller resumed (for tests and the trail). */
  discarded = 0;

  constructor(private readonly host: StreamingHost) {}

  /** True while the stream decides the turns. */
  get live(): boolean {
    return !this.failed;
  }

  /** True between the model's StartOfTurn and its EndOfTurn. */
  get inTurn(): boolean {
    return this.turnStartMs !== null;
  }

  push(samples: Int16Array): void {
    if (this.failed) return;
    if (!this.transcriber) {
      const open = this.host.provider.openTranscriber;
      if (!open) return this.fail(new Error("the provider has no streaming speech-to-text"));
      try {
        this.transcriber = open.call(this.host.provider, { sampleRate: 16000, signal: this.host.signal, onEvent: (event) => this.onEvent(event) });
      } catch (err) {
        return this.fail(err);
      }
    }
    this.transcriber.push(samples);
  }

  close(): void {
    this.dropSpeculation();
    this.transcriber?.close();
  }

  private onEvent(event: StreamingTurnEvent): void {
    if (this.failed) return;
    switch (event.type) {
      case "start_of_turn":
        this.turnStartMs = event.atMs;
        return;
      case "update":
        this.turnStartMs ??= event.transcript ? event.atMs : null;
        return;
      case "eager_end_of_turn":
        this.dropSpeculation();
        if (event.transcript && this.host.canSpeculate(event.transcript)) this.speculation = this.host.speculate(event.transcript, this.speechMs(event.atMs));
        return;
      case "turn_resumed":
        if (this.speculation) this.discarded++;
        this.dropSpeculation();
        return;
      case "end_of_turn": {
        const speechMs = this.speechMs(event.atMs);
        this.turnStartMs = null;
        const prepared = this.speculation;
        this.speculation = null;
        const speculation = prepared && prepared.text === event.transcript ? prepared : null;
        if (prepared && !speculation) prepared.discard();
        if (!event.transcript) return speculation?.discard(); // noise the model took for a turn: nothing to answer
        this.host.commit({ text: event.transcript, speechMs, speculation });
        return;
      }
      case "failed":
        return this.fail(event.error);
    }
  }

  private speechMs(atMs: number): number {
    return this.turnStartMs === null ? 0 : Math.max(0, atMs - this.turnStartMs);
  }

  private dropSpeculation(): void {
    this.speculation?.discard();
    this.speculation = null;
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.dropSpeculation();
    this.transcriber?.close();
    this.host.fallback(error);
  }
}
