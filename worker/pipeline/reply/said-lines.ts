// The call side's fixed lines (the recording notice, a keypad confirmation: Conversation.say), played as
// assistant replies that answer no turn, so whatever carries replies records, stores, shows and sends
// them, and the playback clock counts them (what the Echo says next plays after them). Audio from
// fallback-lines.ts (the Echo's voice, else the fallback voice). Such a line is done once it is queued
// (assistant_done follows its audio at once, not its playback): barge-in never cuts it (it is not the
// conversation's active reply), so there is nothing to learn by waiting, and its entry is shown at once.
import type { Reply } from "./spoken-reply";
import type { SpokenLines } from "./fallback-lines";
import { TurnReport } from "../core/trail";

export interface SaidLinesDeps {
  lines: SpokenLines;
  /** A reply of the conversation (its events, playback clock and provider). */
  newReply: (report: TurnReport) => Reply;
  /** Aborted when the conversation is aborted: voicing stops. */
  signal: AbortSignal;
  closed: () => boolean;
}

export class SaidLines {
  constructor(private readonly deps: SaidLinesDeps) {}

  /**
   * Voices `text` and queues it for the caller after what is already queued. True once its audio has
   * gone out (assistant_audio, then assistant_done, emitted); false when the conversation closed first
   * (it was never said). Rejects when its events could not be taken (it was not said).
   */
  async say(text: string): Promise<boolean> {
    const { deps } = this;
    if (deps.closed()) return false;
    const report = new TurnReport("none");
    const { audio, source } = await deps.lines.said(text, deps.signal);
    if (deps.closed()) return false;
    if (source === "clip") report.fallback("line:clip");
    const reply = deps.newReply(report);
    const said = reply.say(null, { text, audio, status: "ok" }); // throws here if its audio could not go out
    reply.release(); // done once queued: nothing cuts it
    await said;
    return true;
  }
}
