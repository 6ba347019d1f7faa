// The call side's fixed lines (the recording notice, a keypad confirmation: Conversation.say), played as
// assistant replies that answer no turn, so whatever carries replies records, stores, shows and sends
// them, and the playback clock counts them. Audio from fallback-lines.ts (the Echo's voice, else the
// fallback voice). Barge-in does not cut them (they are not the conversation's active reply); when the
// conversation closes they stop waiting for their playback and end as heard in full.
import type { Reply } from "./spoken-reply";
import type { SpokenLines } from "./fallback-lines";
import { logFailure, TurnReport, type TrailContext } from "../core/trail";

export interface SaidLinesDeps {
  lines: SpokenLines;
  /** A reply of the conversation (its events, playback clock and provider). */
  newReply: (report: TurnReport) => Reply;
  trail: TrailContext;
  /** Aborted when the conversation is aborted: voicing stops. */
  signal: AbortSignal;
  closed: () => boolean;
}

export class SaidLines {
  /** The lines still playing, and their ending. */
  private readonly playing = new Map<Reply, Promise<void>>();

  constructor(private readonly deps: SaidLinesDeps) {}

  /**
   * Voices `text` and queues it for the caller after what is already queued. True once its audio has
   * gone out (assistant_audio emitted); false when the conversation closed first (it was never said).
   * Rejects when its events could not be taken (it was not said).
   */
  async say(text: string): Promise<boolean> {
    const { deps } = this;
    if (deps.closed()) return false;
    const report = new TurnReport("none");
    const { audio, source } = await deps.lines.said(text, deps.signal);
    if (deps.closed()) return false;
    if (source === "clip") report.fallback("line:clip");
    const reply = deps.newReply(report);
    const playing = reply.say(null, { text, audio, status: "ok" }); // throws here if its audio could not go out
    const forget = () => {
      this.playing.delete(reply);
    };
    this.playing.set(
      reply,
      playing.then(forget, (err: unknown) => {
        forget();
        logFailure(deps.trail, null, "pipeline", err, { line: "said" });
      }),
    );
    return true;
  }

  /** The lines stop waiting for their playback: each ends now (assistant_done) as heard in full. */
  letGo(): void {
    for (const reply of this.playing.keys()) reply.release();
  }

  /** Resolves once the lines playing now have ended. */
  async ended(): Promise<void> {
    await Promise.all(this.playing.values());
  }
}
