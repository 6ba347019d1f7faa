// What follows a turn that failed (an AI step that still failed after its retries): the caller's
// `error` event, then a short apology in the Echo's voice as an ordinary reply — or, after
// settings.maxFailedTurns failed turns in a row, the goodbye and `gave_up`. A turn answered in full
// resets the count. One log line per turn either way (trail.ts).
import type { TurnOutcome } from "../../../protocol/call-messages";
import type { PipelineEmit } from "../core/events";
import type { ReplyOutcome, ScriptedLine } from "./spoken-reply";
import { SPOKEN_LINES, type LineKind, type SpokenLines } from "./fallback-lines";
import { logFailure, logTurn, type TrailContext, TurnReport } from "../core/trail";

/** The error event's code per failed stage (the browser's `error {code}`). */
const ERROR_CODES = { transcribe: "stt_failed", turn: "turn_detect_failed", emotions: "emotion_failed", reply: "llm_failed", speech: "tts_failed" } as const;

export interface FailedTurnsDeps {
  emit: PipelineEmit;
  trail: TrailContext;
  maxFailedTurns: number;
  lines: SpokenLines;
  signal: AbortSignal;
  /** Plays a scripted line as the assistant's reply to `turnId`. */
  say: (turnId: string | null, line: ScriptedLine, report: TurnReport) => Promise<void>;
  /** The turn index a line logs when it answers no caller turn (the greeting). */
  turnIndex: () => number;
  /** The conversation is closing: a failure is logged, not apologised for (the goodbye still plays). */
  closed: () => boolean;
  /** Giving up: the conversation takes no more turns (called before `gave_up` is emitted). */
  stop: () => void;
}

export class FailedTurns {
  private inARow = 0;

  constructor(private readonly deps: FailedTurnsDeps) {}

  /**
   * A failure outside any AI step dropped a turn (a bug, a store that would not take a line): the caller
   * hears the apology as after a failed step, since a phone line shows no `error`. (Not counted towards
   * giving up: it says nothing of the AI.)
   */
  async unexpected(): Promise<void> {
    if (this.deps.closed()) return;
    const { audio } = await this.deps.lines.audio("apology", false, this.deps.signal);
    if (!this.deps.closed()) await this.deps.say(null, { text: SPOKEN_LINES.apology, audio, status: "failed" }, new TurnReport("none"));
  }

  /**
   * Logs the turn (`index` null: the greeting, logged as deps.turnIndex()); after a failure
   * speaks `line` (or the goodbye, then stops the conversation and emits `gave_up`).
   */
  async after(index: number | null, turnId: string | null, report: TurnReport, outcome: ReplyOutcome | null, line: LineKind): Promise<void> {
    const { emit, trail } = this.deps;
    const logged = () => index ?? this.deps.turnIndex();
    const failed = report.failure;
    if (!failed) {
      if (outcome && !outcome.interrupted) this.inARow = 0;
      logTurn(trail, logged(), turnId, report, "ok");
      return;
    }
    logFailure(trail, index, failed.stage, failed);
    emit({ type: "error", code: failed.code === "empty" ? "stt_empty" : ERROR_CODES[failed.stage], message: failed.message });
    if (report.countsAsFailure) this.inARow++;
    const givingUp = this.inARow >= this.deps.maxFailedTurns;
    const status: TurnOutcome["status"] = givingUp ? "gave_up" : "failed";
    // An apology is for no one once the call has ended, also while its line was being made, nor when
    // the caller has cut the failed reply off: their new turn is answered next (the goodbye of a call
    // giving up is still said).
    const forNoOne = () => (this.deps.closed() || outcome?.interrupted === true) && !givingUp;
    if (!forNoOne()) {
      const kind: LineKind = givingUp ? "goodbye" : line;
      const { audio, source } = await this.deps.lines.audio(kind, failed.stage === "speech", this.deps.signal);
      if (source !== "prepared") report.fallback(`line:${source}`);
      if (!forNoOne()) await this.deps.say(turnId, { text: SPOKEN_LINES[kind], audio, status }, report);
    }
    logTurn(trail, logged(), turnId, report, status);
    if (!givingUp) return;
    this.deps.stop();
    emit({ type: "gave_up", reason: `ai_failed_${failed.stage}`, message: `The AI failed ${this.inARow} turns in a row; last: ${failed.message}` });
  }
}
