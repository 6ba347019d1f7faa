// The one interface every AI provider implements. Pipeline stages only ever see this.
import type { ActionName, AiProviderName, AiStage, CallType, EmotionScores } from "../../protocol/call-messages";
import type { Delivery } from "../../protocol/delivery";
import type { EchoFields, VoiceStyle } from "../../protocol/echo";
import type { AiEngines } from "../../protocol/engines";
import type { MemoryNote } from "../../protocol/memory";
import type { SafetyCategory } from "../../protocol/safety";

/**
 * Mono 16-bit PCM. The pipeline's internal form is 16 kHz. Read-only for whoever receives it: engines
 * may hand the same synthesized speech to many calls (speech-memo.ts), and lines, recorder and viewers
 * only read what they are given.
 */
export interface PcmAudio {
  samples: Int16Array;
  sampleRate: number;
}

/**
 * The voice of last resort for the few lines the Echo must say even when its speech model failed (the
 * apology, the goodbye, the recording notice): made in the process, no model, no network, never fails.
 * The call side gives one to the pipeline (worker/ai/offline/synth.ts has the embedded one).
 */
export interface FallbackVoice {
  synthesize(text: string, voice: VoiceStyle): PcmAudio;
}

export interface Transcript {
  text: string;
  /** False when the provider cannot recognise words (offline): `text` then describes what was heard. */
  recognized: boolean;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Who the assistant is: an Echo's designed fields. */
export type Persona = Omit<EchoFields, "recordCalls" | "rememberCallers">;

/** The caller turn being answered (null for a greeting that answers no turn). */
export interface CallerTurnInfo {
  text: string;
  /** False when `text` only describes unrecognised speech (e.g. "[speech, 1.8 s]"). */
  recognized: boolean;
  /** True when the caller typed the text. */
  typed: boolean;
  speechMs: number;
  /** 0 for the caller's first turn in this call. */
  index: number;
}

/**
 * A reply stream yields this, alone and after its last words, when the reply closes the call (the caller
 * said goodbye; a model engine could map an "end the call politely" tool to it). The pipeline strips it
 * and, once the reply has played to its end without being cut off, ends the call (`echo_ended`).
 */
export const END_OF_CALL = "\u241eend-of-call\u241e";

/**
 * The model (or the local engine) asks for an action: one tool call, with its arguments as the model
 * wrote them (the parsed JSON object, or the raw text when it was not valid JSON: the pipeline checks
 * them and asks the caller back when they are unusable). A reply stream yields these after its words.
 * "end_call" never arrives as an ActionRequest: the engine turns it into END_OF_CALL.
 */
export interface ActionRequest {
  type: "action";
  name: ActionName;
  arguments: unknown;
}

/** What a reply stream yields: text deltas, END_OF_CALL, or an action request. */
export type ReplyChunk = string | ActionRequest;

export interface ReplyRequest {
  persona: Persona;
  /** System prompt built from the persona and caller emotions, then the conversation so far. */
  messages: ChatMessage[];
  callerEmotions: EmotionScores;
  turn: CallerTurnInfo | null;
  /** How the caller is connected (a phone caller can't type); browser_test when not given. */
  callType?: CallType;
  /**
   * Upper bound on the answer's length in tokens, for a model that has one; not given: the provider's
   * cap for a spoken reply (256). A call's summary asks for more (worker/summary/summarize.ts).
   */
  maxTokens?: number;
  /** The owner's time zone (IANA name), when known: a reply that tells the time uses it; else the server's. */
  timeZone?: string;
  /**
   * The safety net hit this turn (worker/safety/): its fixed message has just been said, and the system
   * prompt says what was detected. Rule-based engines answer supportively; models read the prompt.
   */
  safety?: { category: SafetyCategory; negated: boolean };
  /**
   * What the caller's Echo remembers of them (verified callers only, "Remember callers" on): models read
   * it in the system prompt's memory section; rule-based engines greet with it (welcome back, the open
   * follow-up). Absent: nothing is remembered.
   */
  memory?: MemoryNote[];
  /**
   * A structured answer (one JSON document that matches `schema`), for a model that can be held to one:
   * Workers AI's and OpenAI's `response_format` json_schema. Engines without one ignore it.
   */
  responseFormat?: JsonSchemaFormat;
  /**
   * The actions the engine may ask for (tool calling on models; plain-word requests on the local engine).
   * Absent or empty: none; the engine answers in words only.
   */
  tools?: readonly ActionName[];
}

/** A JSON schema an answer must match (a `response_format` of type json_schema). */
export interface JsonSchemaFormat {
  name: string;
  schema: Record<string, unknown>;
}

/**
 * Speech-to-text fed while the caller speaks, so the words are ready when the turn ends: the turn's
 * audio goes in with push() as it arrives (16 kHz PCM16), finish() gives the transcript of all of it.
 */
export interface TranscriptionStream {
  push(samples: Int16Array): void;
  finish(signal?: AbortSignal): Promise<Transcript>;
  /** The turn was dropped (e.g. it was a steady noise): free what the stream holds. */
  cancel(): void;
}

/** A model's opinion on whether the caller finished their turn. */
export interface TurnEndVerdict {
  complete: boolean;
  probability: number;
}

/**
 * A streaming speech-to-text session's turn-taking, in the model's own words: the caller started a turn,
 * the words so far, the turn is probably over (eager: a reply may be prepared, unheard), the caller
 * went on after all, the turn is over (commit). `failed` ends the session: the pipeline falls back to
 * whole-turn speech-to-text with the VAD. `atMs` is the caller's audio time the event refers to.
 */
export type StreamingTurnEvent =
  | { type: "start_of_turn"; turn: number; atMs: number }
  | { type: "update"; turn: number; transcript: string; atMs: number }
  | { type: "eager_end_of_turn"; turn: number; transcript: string; atMs: number }
  | { type: "turn_resumed"; turn: number; atMs: number }
  | { type: "end_of_turn"; turn: number; transcript: string; atMs: number }
  | { type: "failed"; error: unknown };

export interface TranscriberOptions {
  /** Sample rate of the audio pushed (the pipeline's 16 kHz). */
  sampleRate: number;
  onEvent: (event: StreamingTurnEvent) => void;
  /** Closes the session (the call ended). */
  signal: AbortSignal;
}

/** One streaming speech-to-text session for a call: audio goes in as it arrives, turn events come out. */
export interface StreamingTranscriber {
  /** Caller audio, any chunk size (buffered until the session is connected). */
  push(samples: Int16Array): void;
  /** Ends the session politely (the model finishes what it has, then closes). */
  close(): void;
}

export interface AiProvider {
  readonly name: AiProviderName;
  /** Which engine runs each stage (the composed provider says; worker/ai/select.ts). */
  readonly engines?: AiEngines;
  /** The model behind each stage, for the trail (logs and failures), e.g. {transcribe: "@cf/openai/whisper-large-v3-turbo"}. */
  readonly models?: Partial<Record<AiStage, string>>;
  transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript>;
  /** Emotion scores in [0, 1] from the words (prosody is scored by the pipeline itself). */
  textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores>;
  /** The reply as a stream of text deltas, then (request.tools) any action requests. */
  reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk>;
  /**
   * Speech for one sentence, as 16 kHz PCM. No samples: the engine has nothing it can say for this text
   * (the built-in English engines and another script); the pipeline skips the sentence and logs it.
   * `delivery`: how to say it (the caller's state, pipeline/reply/delivery.ts); an engine uses the
   * controls it has (pace, pitch, level, instructions) and ignores the rest; absent: the voice as it is.
   */
  synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal, delivery?: Delivery): Promise<PcmAudio>;
  /**
   * Optional: loads what the engines need before the caller's first turn (called at call start). A
   * failure is an AiStepError naming the stage, or an AggregateError of them (worker/ai/warm-up.ts).
   */
  warmUp?(): Promise<void>;
  /** Optional incremental speech-to-text (16 kHz); absent → transcribe() runs when the turn ends. */
  startTranscription?(): TranscriptionStream;
  /** Optional model end-of-turn check on the turn's audio (16 kHz, last ≤ 8 s); absent → the VAD decides. */
  detectTurnEnd?(audio: PcmAudio, signal?: AbortSignal): Promise<TurnEndVerdict>;
  /**
   * Optional streaming speech-to-text with the model's own turn-taking. Present → the pipeline streams
   * the caller's audio and follows its turn events; when the session fails it falls back to the VAD with
   * `transcribe` (and `detectTurnEnd`) for the rest of the call.
   */
  openTranscriber?(options: TranscriberOptions): StreamingTranscriber;
}
