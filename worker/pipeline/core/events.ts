// What the conversation pipeline tells its owner. The pipeline knows nothing about sockets or storage:
// worker/call/pipeline-bridge.ts stores these events and sends them to the caller's line and the viewers.
import type { ActionLine, EmotionScores, EmotionSource, TurnLatency, TurnOutcome } from "../../../protocol/call-messages";
import type { SafetyCategory } from "../../../protocol/safety";

export type PipelineEvent =
  /** The caller finished a turn. */
  | {
      type: "caller_turn";
      turnId: string;
      /** The words, or (recognized: false) a description of unrecognised speech such as "[speech, 1.8 s]". */
      text: string;
      recognized: boolean;
      /** True when the caller typed it (text_input). */
      typed: boolean;
      emotions: EmotionScores;
      /** Where `emotions` came from (absent: neither words nor voice could be read). */
      emotionSource?: EmotionSource;
      speechMs: number;
      at: number;
      /** The safety net hit this turn (worker/safety/check.ts): its category, stored with the entry. */
      safety?: SafetyCategory;
    }
  /** The assistant started a reply to `turnId` (null: a greeting, answering no caller turn). */
  | { type: "assistant_started"; replyId: string; turnId: string | null; at: number }
  /** More reply text (streamed). */
  | { type: "assistant_text"; replyId: string; delta: string }
  /** One synthesized sentence, 16 kHz PCM16, in order. */
  | {
      type: "assistant_audio";
      replyId: string;
      /** 0, 1, 2… per reply. */
      index: number;
      sentence: string;
      pcm: Int16Array;
      sampleRate: number;
      durationMs: number;
    }
  /** The reply finished (or was cut off by the caller: `interrupted`, `spokenText` is what was heard). */
  | {
      type: "assistant_done";
      replyId: string;
      text: string;
      spokenText: string;
      interrupted: boolean;
      emotions: EmotionScores;
      latency: TurnLatency | null;
      /** What happened in the turn (stored with the entry): failures, retries, fallbacks. */
      outcome: TurnOutcome;
      /** The actions the reply took (its action lines, stored with the entry); absent: none. */
      actions?: ActionLine[];
      at: number;
    }
  /** Caller barged in: stop playback now. */
  | { type: "interrupt"; replyId: string }
  /** A provider or stage failed; the call goes on (the caller hears an apology). */
  | { type: "error"; message: string; code: string }
  /**
   * The AI kept failing (settings.maxFailedTurns turns in a row): the goodbye has been said and played,
   * the conversation has stopped; the owner ends the call as failed with `reason`.
   */
  | { type: "gave_up"; reason: string; message: string }
  /** The Echo's reply closed the call (END_OF_CALL: a goodbye) and has played: the owner ends the call as completed. */
  | { type: "echo_ended"; reason: string };

export type PipelineEmit = (event: PipelineEvent) => void;
