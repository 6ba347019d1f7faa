// The conversation's wiring of streaming speech-to-text (streaming.ts) while it decides the turns: eager
// replies are prepared on the conversation's history (speculation.ts), committed turns go to the
// conversation's queue, and the VAD's own turns are kept aside so that, if the stream fails before
// committing them, they are answered by the VAD path instead; a committed turn takes their frames, so its
// voice is read like any other turn's. Knows only the provider interface, the
// pipeline's steps and the conversation's callbacks.
import type { CallType } from "../../../protocol/call-messages";
import type { AiProvider, CallerTurnInfo, ChatMessage, Persona, ReplyRequest } from "../../ai/provider";
import { wordEmotions } from "../hearing/words-and-emotions";
import { buildMessages } from "../reply/persona";
import { Speculation } from "./eager-reply";
import type { StepContext } from "../core/ai-steps";
import { StreamingTurns, type StreamedTurn } from "./model-turns";
import { logFailure, type TrailContext } from "../core/trail";
import type { TurnEnd } from "../turns/end-of-turn";
import { FrameTrack } from "../turns/frame-track";
import { checkSafety } from "../../safety/check";

export interface StreamTurnsHost {
  provider: AiProvider;
  persona: Persona;
  steps: StepContext;
  /** The conversation's lifetime. */
  signal: AbortSignal;
  trail: TrailContext;
  maxHistory: number;
  callType: CallType;
  /** What every reply request carries besides the turn (the actions on offer, the owner's time zone). */
  requestExtras: Pick<ReplyRequest, "tools" | "timeZone">;
  history(): readonly ChatMessage[];
  /** Changes whenever the history gets a message (also once it is trimmed to its cap). */
  historyVersion(): number;
  turnIndex(): number;
  closed(): boolean;
  /** True when nothing is queued or playing (a reply prepared now would be heard next). */
  idle(): boolean;
  /** The VAD's audio time now. */
  vadNowMs(): number;
  /** A turn the stream committed, with the VAD's frames of the same speech (its voice): cut off the assistant and queue it. */
  commit(streamed: StreamedTurn, frames: FrameTrack): void;
  /** A VAD turn the stream never committed (it failed): handle it as the VAD path would. */
  replay(event: TurnEnd): void;
  /** A VAD turn the live stream heard no words in: transcribe it whole and answer it. */
  answerWhole(event: TurnEnd): void;
}

/**
 * A VAD turn that cut the Echo off and that the stream commits nothing for this long after it ended (a
 * cough, a word the model missed) is answered as the VAD path answers it, not left as silence after the
 * cut reply. While the stream is inside a turn (words are coming), it waits again, up to NO_WORDS_CHECKS times.
 */
export const NO_WORDS_GRACE_MS = 1_500;
const NO_WORDS_CHECKS = 4;

export class StreamTurns {
  private readonly turns: StreamingTurns;
  /** The VAD's turns since the stream's last commit: answered if the stream fails before committing them. */
  private vadTurns: TurnEnd[] = [];
  /** The VAD's audio time of the stream's last committed turn: the VAD's speech from before it was that turn. */
  private commitMs = -1;

  constructor(private readonly host: StreamTurnsHost) {
    this.turns = new StreamingTurns({
      provider: host.provider,
      signal: host.signal,
      // Words the safety net hits on their own get no eager reply: theirs starts with the message.
      canSpeculate: (text) => !host.closed() && host.idle() && checkSafety(text) === null,
      speculate: (text, speechMs) => this.speculate(text, speechMs),
      commit: (streamed) => {
        if (host.closed()) return streamed.speculation?.discard();
        // The VAD's turns since the last commit are this turn's speech: their frames carry its voice.
        const frames = this.vadTurns.reduce((all, turn) => FrameTrack.concat(all, turn.frames), new FrameTrack(0));
        this.vadTurns = [];
        this.commitMs = host.vadNowMs();
        host.commit(streamed, frames);
      },
      fallback: (err) => {
        logFailure(host.trail, host.turnIndex(), "transcribe", err, { fallback: "the VAD and whole-turn speech-to-text for the rest of the call" });
        const missed = this.vadTurns;
        this.vadTurns = [];
        if (!host.closed()) for (const turn of missed) host.replay(turn); // words the stream never committed
      },
    });
  }

  /** True while the stream decides the turns. */
  get live(): boolean {
    return this.turns.live;
  }

  /** True between the model's StartOfTurn and its EndOfTurn. */
  get inTurn(): boolean {
    return this.turns.inTurn;
  }

  push(samples: Int16Array): void {
    this.turns.push(samples);
  }

  close(): void {
    this.turns.close();
  }

  /**
   * A VAD turn end while the stream decides: kept (if it began after the last committed turn) in case the
   * stream fails. `cutReply`: its speech cut the Echo off; if the stream hears no words in it, it is
   * answered whole (NO_WORDS_GRACE_MS).
   */
  heardByVad(event: TurnEnd, cutReply = false): void {
    if (event.startMs < this.commitMs) return;
    this.vadTurns.push(event);
    if (cutReply) void this.answerIfNoWords(event);
  }

  private async answerIfNoWords(event: TurnEnd): Promise<void> {
    const { clock } = this.host.steps;
    for (let check = 0; check < NO_WORDS_CHECKS; check++) {
      try {
        await clock.sleep(NO_WORDS_GRACE_MS, this.host.signal);
      } catch {
        return; // the call is over
      }
      const at = this.vadTurns.indexOf(event);
      if (at < 0 || this.host.closed() || !this.turns.live) return; // committed, taken at the end, or replayed on a failure
      if (this.turns.inTurn) continue; // words are coming: their end of turn answers them
      this.vadTurns.splice(at, 1);
      this.host.answerWhole(event);
      return;
    }
  }

  /**
   * The VAD's turns the stream has not committed yet, taken: the call ends before the stream's end of
   * turn could come, and they are transcribed whole instead.
   */
  takeUncommitted(): TurnEnd[] {
    const turns = this.vadTurns;
    this.vadTurns = [];
    return turns;
  }

  /** True when VAD speech that began at `startMs` is new speech, not the tail of the stream's last committed turn. */
  isNewSpeech(startMs: number): boolean {
    return !this.turns.live || startMs >= this.commitMs;
  }

  private speculate(text: string, speechMs: number): Speculation {
    const host = this.host;
    const history: ChatMessage[] = [...host.history(), { role: "user", content: text }];
    const turn: CallerTurnInfo = { text, recognized: true, typed: false, speechMs, index: host.turnIndex() };
    const deps = { provider: host.provider, steps: host.steps, signal: host.signal, voice: host.persona.voiceStyle };
    return new Speculation(deps, text, host.historyVersion(), (scores) => {
      const emotions = wordEmotions(scores);
      const messages = buildMessages(host.persona, emotions, history, host.maxHistory, { greeting: false });
      return { persona: host.persona, messages, callerEmotions: emotions, turn, callType: host.callType, ...host.requestExtras };
    });
  }
}
