// The call protocol: browser test-call WebSocket messages (spec §7), both directions, and transcript
// shapes. Worker and SPA both import this module and read frames with its readers (protocol/frame.ts);
// no message type is written anywhere else. Heartbeat: protocol/heartbeat.ts; version: protocol/version.ts.
import { z } from "zod";
import { deliverySchema } from "./delivery";
import { aiEnginesSchema } from "./engines";
import { messageReader } from "./frame";
import { pingMessageSchema, pongMessageSchema } from "./heartbeat";
import { safetyCategorySchema } from "./safety";

/** Emotion name → score in [0, 1]. */
export const emotionScoresSchema = z.record(z.string(), z.number());
export type EmotionScores = z.infer<typeof emotionScoresSchema>;

/** The emotions the pipeline scores (scores of one entry sum to 1). */
export const EMOTIONS = ["joy", "sadness", "anger", "fear", "surprise", "calm"] as const;
export type EmotionName = (typeof EMOTIONS)[number];

export const speakerSchema = z.enum(["caller", "assistant"]);
export type Speaker = z.infer<typeof speakerSchema>;

/** Per assistant turn, milliseconds measured on the server. */
export const turnLatencySchema = z.object({
  /** End of caller speech → transcript available. */
  transcribeMs: z.number(),
  /** End of caller speech → first LLM token. */
  firstTokenMs: z.number(),
  /** End of caller speech → first audio sent to the caller. */
  firstAudioMs: z.number(),
  /** Last speech frame → end of turn detected (the VAD's silence window); absent for typed turns. */
  endOfTurnMs: z.number().optional(),
});
export type TurnLatency = z.infer<typeof turnLatencySchema>;

/** The pipeline's AI steps (worker/ai/errors.ts AiStage): speech-to-text, turn model, text emotions, reply, speech. */
export const AI_STAGES = ["transcribe", "turn", "emotions", "reply", "speech"] as const;
export const aiStageSchema = z.enum(AI_STAGES);
export type AiStage = z.infer<typeof aiStageSchema>;

/**
 * What happened in one assistant turn, stored with its entry (queryable after the call):
 * - `ok`: answered normally (perhaps after retries or with a fallback);
 * - `failed`: a step still failed after its retries: this entry is the spoken apology (or the part of
 *   the reply that was heard before the failure); `failedStage` and `error` say what broke;
 * - `gave_up`: the model kept failing and this entry is the goodbye that ended the call.
 */
export const turnOutcomeSchema = z.object({
  status: z.enum(["ok", "failed", "gave_up"]),
  /**
   * How the caller's words were read: "stream" (streaming speech-to-text with the model's turn-taking),
   * "batch" (whole-turn speech-to-text after the VAD), "typed", "none" (a greeting).
   */
  sttMode: z.enum(["stream", "batch", "typed", "none"]),
  failedStage: aiStageSchema.optional(),
  error: z.string().optional(),
  /** Retries per stage, for stages that needed them. */
  retries: z.partialRecord(aiStageSchema, z.number()).optional(),
  /** Fallbacks taken, e.g. "turn:vad" (the VAD decided), "emotions:prosody", "line:clip" (the bundled voice said it). */
  fallbacks: z.array(z.string()).optional(),
  /** How the reply was said (tone, pace, pitch, level, instructions), from the caller's state and the voice style; absent: the voice as it is. */
  delivery: deliverySchema.optional().catch(undefined),
  /** Extra silence (ms) the caller's end of turn was given before this reply (a sad or hesitant caller). */
  patienceMs: z.number().optional(),
});
export type TurnOutcome = z.infer<typeof turnOutcomeSchema>;

/** Where a caller entry's emotions came from: the words, the voice (against the caller's baseline), or both. */
export const EMOTION_SOURCES = ["words", "voice", "words_and_voice"] as const;
export const emotionSourceSchema = z.enum(EMOTION_SOURCES);
export type EmotionSource = z.infer<typeof emotionSourceSchema>;

/**
 * What the Echo can do during a call when the caller asks (issue 42 §2): the tools a model may call,
 * and what the local engine recognises in plain words.
 */
export const ACTION_NAMES = ["remember", "forget", "schedule_callback", "cancel_callback", "list_follow_ups", "end_call"] as const;
export const actionNameSchema = z.enum(ACTION_NAMES);
export type ActionName = z.infer<typeof actionNameSchema>;

/**
 * How an action went: `done`; `asked` (its arguments were unusable: no time, a time in the past, a day
 * that doesn't exist; the caller was asked instead); `failed` (it timed out or broke: the caller heard
 * so); `unavailable` (this deployment or this caller can't have it: the caller heard why).
 */
export const ACTION_STATUSES = ["done", "asked", "failed", "unavailable"] as const;
export const actionStatusSchema = z.enum(ACTION_STATUSES);
export type ActionStatus = z.infer<typeof actionStatusSchema>;

/** One action line of an assistant entry: shown in the live transcript and Call Details, stored with the turn. */
export const actionLineSchema = z.object({
  action: actionNameSchema,
  status: actionStatusSchema,
  /** The line as shown, e.g. "Callback: Wed 2 Dec, 08:00 (Europe/Berlin), to practise your speech". */
  summary: z.string().max(300),
  /** A scheduled callback's time (epoch ms). */
  dueAt: z.number().optional(),
});
export type ActionLine = z.infer<typeof actionLineSchema>;

export const transcriptEntrySchema = z.object({
  id: z.string(),
  seq: z.number(),
  speaker: speakerSchema,
  text: z.string(),
  timestamp: z.number(),
  emotions: emotionScoresSchema,
  /** Caller entries: where `emotions` came from (absent: not recorded, e.g. entries from before it was). */
  emotionSource: emotionSourceSchema.optional().catch(undefined),
  interrupted: z.boolean().optional(),
  latency: turnLatencySchema.nullable().optional(),
  /** Assistant entries: what happened in that turn (failures, retries, fallbacks). */
  outcome: turnOutcomeSchema.nullable().optional(),
  /** Where the entry starts in the call's recording, in ms (absent when unknown). */
  audioOffsetMs: z.number().nullable().optional(),
  /** Caller entries: the safety net's category when the turn hit it (protocol/safety.ts). */
  safety: safetyCategorySchema.optional(),
  /** Assistant entries: the actions this turn took (remember, schedule a callback…), in order. */
  actions: z.array(actionLineSchema).optional().catch(undefined),
});
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

export const callTypeSchema = z.enum(["phone", "browser_test"]);
export type CallType = z.infer<typeof callTypeSchema>;

/** The call's AI in one word: the engine that runs speech-to-text, replies and speech, or "mixed". */
export const AI_PROVIDER_NAMES = ["workers-ai", "openai", "local", "offline", "mixed"] as const;
export const aiProviderNameSchema = z.enum(AI_PROVIDER_NAMES);
export type AiProviderName = z.infer<typeof aiProviderNameSchema>;

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
  /** The heartbeat (protocol/heartbeat.ts): keeps a call alive while no audio flows (e.g. muted). */
  pingMessageSchema,
]);
/** A call whose client sends nothing at all (no audio, text or ping) for this long is over. */
export const CALL_IDLE_TIMEOUT_MS = 5 * 60_000;
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export const clientMessages = messageReader(clientMessageSchema, MAX_FRAME_BYTES);

// ---- server → client ----
/** Largest server frame a client reads (audio_response frames are ~87 KB). */
export const MAX_SERVER_FRAME_BYTES = 1_000_000;

export const serverMessageSchema = z.discriminatedUnion("type", [
  /** `provider` names the engine when one runs every stage ("mixed" otherwise); `engines` says which runs each. */
  z.object({
    type: z.literal("call_started"),
    callId: z.string(),
    echoName: z.string(),
    provider: aiProviderNameSchema,
    engines: aiEnginesSchema,
  }),
  z.object({ type: z.literal("transcription"), text: z.string(), entry: transcriptEntrySchema }),
  /**
   * Reply text, one sentence at a time just before its audio (`final: false`, `text` = that sentence,
   * `entry` = the assistant entry so far), then once more when the reply is over (`final: true`,
   * `text` = the whole reply as heard, `entry` as stored, with `interrupted` and `latency`). All messages
   * of one reply carry the same `entry.id`: replace the entry by id. A malformed entry is dropped (the
   * text still shows).
   */
  z.object({
    type: z.literal("ai_response"),
    text: z.string(),
    entry: transcriptEntrySchema.optional().catch(undefined),
    final: z.boolean().optional(),
  }),
  /** Reply audio: base64 PCM16 LE mono at `sampleRate` (16000 when absent or invalid), ≤ ~2 s per frame, for `entryId`. */
  z.object({
    type: z.literal("audio_response"),
    data: z.string(),
    sampleRate: z.number().positive().catch(AUDIO_SAMPLE_RATE),
    entryId: z.string().optional(),
  }),
  /** Stop playback now: the caller barged in. */
  z.object({ type: z.literal("interrupt"), entryId: z.string().optional() }),
  z.object({ type: z.literal("error"), error: z.string(), code: z.string().optional() }),
  z.object({ type: z.literal("call_ended"), callId: z.string().optional(), reason: z.string().optional() }),
  /** Answers the heartbeat's ping. */
  pongMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export const serverMessages = messageReader(serverMessageSchema, MAX_SERVER_FRAME_BYTES);
