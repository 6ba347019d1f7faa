// A queued caller turn, heard when its turn in the queue comes: its words (transcribed, unless typed or
// committed by a streaming model), its emotions (and where they came from), the patience the caller's
// next turn gets (turns/patience.ts), the `caller_turn` event and its line in the chat
// history; a streaming model's eager reply is adopted if it was built on this very history. The safety
// net (worker/safety/check.ts) reads every recognised turn's words and emotions here, before any reply:
// a turn that hits is marked and never answered by an eager reply prepared without the check. Returns
// what the turn's reply needs, or null when the conversation closed meanwhile (the turn is kept in the
// transcript, not answered).
import type { CallerTurn, HeardTurn } from "./queued-turn";
import type { ChatHistory } from "./reply/chat-history";
import type { Clock } from "./core/clock";
import type { PipelineEmit } from "./core/events";
import { callerEmotions, transcribeTurn, type HearingDeps } from "./hearing/words-and-emotions";
import type { StreamTurns } from "./streaming/wiring";
import { logTurn, TurnReport, type TrailContext } from "./core/trail";
import { patienceAfter } from "./turns/patience";
import { checkSafety } from "../safety/check";

export interface HearTurnHost {
  hearing: HearingDeps;
  history: ChatHistory;
  emit: PipelineEmit;
  clock: Clock;
  trail: TrailContext;
  newId(): string;
  /** The call's streaming speech-to-text, live or failed (null: it has none). */
  stream(): StreamTurns | null;
  closed(): boolean;
  /** Takes the next caller turn's index. */
  nextTurnIndex(): number;
  /** The extra end-of-turn silence the caller's next turn gets (turns/patience.ts). */
  setPatience(extraMs: number): void;
}

export async function hearTurn(host: HearTurnHost, turn: CallerTurn): Promise<HeardTurn | null> {
  const turnId = host.newId();
  const typed = turn.text !== null && !turn.streamed;
  const report = new TurnReport(turn.streamed ? "stream" : typed ? "typed" : "batch");
  for (const f of turn.fallbacks) report.fallback(f);
  const stream = host.stream();
  if (stream && !stream.live && !turn.streamed && !typed) report.fallback("stt:batch");
  if (turn.endOfTurnMs !== undefined) report.stageMs.endOfTurnMs = turn.endOfTurnMs;
  if (turn.patienceMs) report.patienceMs = turn.patienceMs;
  let text = turn.text ?? "";
  let recognized = turn.text !== null;
  if (turn.text === null) {
    ({ text, recognized } = await transcribeTurn(host.hearing, { samples: turn.audio ?? new Int16Array(0), sampleRate: turn.sampleRate }, turn.speechMs, report, turn.stream));
  }
  const transcribedAt = host.clock.now();
  const prepared = turn.streamed?.speculation ?? null;
  const scored = prepared ? await prepared.wordScores : null;
  // The eager reply fits only if it was built on this history and these emotions.
  let adopted = prepared && scored && prepared.historyVersion === host.history.version && !host.closed() ? prepared : null;
  if (prepared && !adopted) prepared.discard();
  const { emotions, source, voice } = await callerEmotions(host.hearing, turn.frames, text, recognized, report, adopted?.wordScores);
  // A typed line says nothing of how long the caller pauses: the window stays as it was.
  if (!typed) host.setPatience(patienceAfter(emotions, voice).extraMs);
  const safety = recognized ? checkSafety(text, emotions) : null;
  if (safety && adopted) {
    adopted.discard(); // prepared before the check: the reply starts over with the message first
    adopted = null;
  }
  const index = host.nextTurnIndex();
  host.emit({ type: "caller_turn", turnId, text, recognized, typed, emotions, ...(source ? { emotionSource: source } : {}), speechMs: turn.speechMs, at: turn.endedAt, ...(safety ? { safety: safety.category } : {}) });
  host.history.add({
    role: "user",
    content: recognized ? text : `(The caller spoke for ${(turn.speechMs / 1000).toFixed(1)} s, but the words could not be recognized.)`,
  });
  if (host.closed()) {
    logTurn(host.trail, index, turnId, report, report.failure ? "failed" : "ok");
    return null;
  }
  return {
    turnId,
    info: { text, recognized, typed, speechMs: turn.speechMs, index },
    emotions,
    timing: { turnEndedAt: turn.endedAt, transcribedAt, endOfTurnMs: turn.endOfTurnMs },
    report,
    speculation: adopted,
    safety,
  };
}
