// One caller turn as the conversation queues it: the detector's audio (with its VAD frames, for
// prosody), typed text, or a streaming model's words, and what is known about how it ended; then the
// same turn once heard, without its audio.
import type { EmotionScores } from "../../protocol/call-messages";
import type { CallerTurnInfo, TranscriptionStream } from "../ai/provider";
import { FrameTrack } from "./turns/frame-track";
import type { ReplyTiming } from "./reply/spoken-reply";
import type { Speculation } from "./streaming/eager-reply";
import type { StreamedTurn } from "./streaming/model-turns";
import type { TurnReport } from "./core/trail";
import type { TurnEnd } from "./turns/end-of-turn";
import type { SafetyVerdict } from "../safety/check";

export interface CallerTurn {
  audio: Int16Array | null;
  /** The VAD's frame analysis of `audio` (for prosody). */
  frames: FrameTrack;
  sampleRate: number;
  text: string | null;
  speechMs: number;
  /** Clock time the turn was known to be over (end-of-turn fired, or text received). */
  endedAt: number;
  /** The provider's incremental transcription of `audio`, fed while the caller spoke (if it has one). */
  stream?: TranscriptionStream;
  endOfTurnMs: number | undefined;
  /** Fallbacks taken before the turn was queued (e.g. the turn model failed: "turn:vad"). */
  fallbacks: string[];
  /** Set when a streaming model heard the turn (`text` holds its words). */
  streamed?: StreamedTurn;
  /** Extra end-of-turn silence the caller was given (patience.ts). */
  patienceMs?: number;
}

/** A caller turn once heard (transcribed, scored): what its reply needs, not its audio. */
export interface HeardTurn {
  turnId: string;
  info: CallerTurnInfo;
  emotions: EmotionScores;
  timing: ReplyTiming;
  report: TurnReport;
  /** The streaming model's eager reply, adopted for this turn. */
  speculation: Speculation | null;
  /** The safety net's verdict on the turn's words (null: no risk heard). */
  safety: SafetyVerdict | null;
}

/** A turn the detector heard (its words still to be transcribed). */
export function spokenTurn(event: TurnEnd, endedAt: number, fallbacks: string[] = []): CallerTurn {
  return {
    audio: event.audio,
    frames: event.frames,
    sampleRate: event.sampleRate,
    text: null,
    speechMs: event.speechMs,
    endedAt,
    endOfTurnMs: event.atMs - event.lastSpeechMs,
    fallbacks,
    ...(event.extraSilenceMs > 0 ? { patienceMs: event.extraSilenceMs } : {}),
  };
}

/**
 * A turn whose words are already known: typed, or committed by a streaming model (`frames`: the VAD's
 * analysis of the same speech, so a streamed turn's voice is read too).
 */
export function textTurn(text: string, endedAt: number, streamed?: StreamedTurn, frames: FrameTrack = new FrameTrack(0)): CallerTurn {
  const turn: CallerTurn = { audio: null, frames, sampleRate: 16000, text, speechMs: streamed?.speechMs ?? 0, endedAt, endOfTurnMs: undefined, fallbacks: [] };
  if (streamed) turn.streamed = streamed;
  return turn;
}
