// The call protocol: browser test-call WebSocket messages (spec §7) and transcript shapes.
// Worker and SPA both import this module; no message type is written anywhere else.
import { z } from "zod";

/** Emotion name → score in [0, 1]. */
export type EmotionScores = Record<string, number>;

/** The emotions the pipeline scores (scores of one entry sum to 1). */
export const EMOTIONS = ["joy", "sadness", "anger", "fear", "surprise", "calm"] as const;
export type EmotionName = (typeof EMOTIONS)[number];

export type Speaker = "caller" | "assistant";

/** Per assistant turn, milliseconds measured on the server. */
export interface TurnLatency {
  /** End of caller speech → transcript available. */
  transcribeMs: number;
  /** End of caller speech → first LLM token. */
  firstTokenMs: number;
  /** End of caller speech → first audio sent to the caller. */
  firstAudioMs: number;
  /** Last speech frame → end of turn detected (the VAD's silence window); absent for typed turns. */
  endOfTurnMs?: number;
}

export interface TranscriptEntry {
  id: string;
  seq: number;
  speaker: Speaker;
  text: string;
  timestamp: number;
  emotions: EmotionScores;
  interrupted?: boolean;
  latency?: TurnLatency | null;
}

export type CallType = "phone" | "browser_test";

/** Audio on the browser socket: base64 of 16-bit little-endian PCM, 16 kHz mono. */
export const AUDIO_SAMPLE_RATE = 16000;
/** Largest accepted audio_data payload (base64 characters): ~4 s of 16 kHz PCM16. */
export const MAX_AUDIO_B64_CHARS = 180_000;
/** Largest accepted WebSocket text frame in bytes. */
export const MAX_FRAME_BYTES = 200_000;
export const MAX_TEXT_INPUT_CHARS = 2000;

// ---- client → server ----
export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start_call"),
    echoId: z.string().min(1).max(64),
    userId: z.string().min(1).max(64),
    callType: z.literal("browser_test"),
  }),
  z.object({
    type: z.literal("audio_data"),
    data: z.string().max(MAX_AUDIO_B64_CHARS),
    timestamp: z.number(),
  }),
  z.object({ type: z.literal("text_input"), text: z.string().trim().min(1).max(MAX_TEXT_INPUT_CHARS) }),
  z.object({ type: z.literal("end_call") }),
  /** Keep-alive while no audio flows (e.g. muted): a call with no client frame for CALL_IDLE_TIMEOUT_MS ends. */
  z.object({ type: z.literal("ping") }),
]);
/** A call whose client sends nothing at all (no audio, text or ping) for this long is over. */
export const CALL_IDLE_TIMEOUT_MS = 5 * 60_000;
/** How often a client that sends no audio (muted) pings to keep its call alive. */
export const CALL_KEEPALIVE_MS = 30_000;
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// ---- server → client ----
export type ServerMessage =
  | { type: "call_started"; callId: string; echoName: string; provider: AiProviderName }
  | { type: "transcription"; text: string; entry: TranscriptEntry }
  /**
   * Reply text, one sentence at a time just before its audio (`final: false`, `text` = that sentence,
   * `entry` = the assistant entry so far), then once more when the reply is over (`final: true`,
   * `text` = the whole reply as heard, `entry` as stored, with `interrupted` and `latency`). All messages
   * of one reply carry the same `entry.id`: replace the entry by id.
   */
  | { type: "ai_response"; text: string; entry?: TranscriptEntry; final?: boolean }
  /** Reply audio: base64 PCM16 LE mono at `sampleRate` (16000), ≤ ~2 s per frame, for `entryId`. */
  | { type: "audio_response"; data: string; sampleRate: number; entryId?: string }
  /** Stop playback now: the caller barged in. */
  | { type: "interrupt"; entryId?: string }
  | { type: "error"; error: string; code?: string }
  | { type: "call_ended"; callId?: string; reason?: string };

/** workers-ai: Cloudflare's models; local: embedded PocketSphinx + flite (dev/self-hosting); offline: no speech engines. */
export type AiProviderName = "workers-ai" | "local" | "offline";
