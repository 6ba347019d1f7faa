// The production provider on the Workers AI binding (env.AI):
//   STT  @cf/deepgram/flux streaming over a WebSocket with its own turn-taking (flux.ts), falling back to
//        @cf/openai/whisper-large-v3-turbo (base64 WAV) per VAD turn; or whisper alone; or
//        @cf/deepgram/nova-3 (audio {body, contentType}) per VAD turn — WorkersAiOptions.stt (AI_STT)
//   LLM  @cf/meta/llama-3.3-70b-instruct-fp8-fast, stream: true (SSE); the call's actions as `tools`
//        (function calling: OpenAI-form definitions), tool calls read from the stream's events (native
//        `tool_calls`, whole or in deltas, or OpenAI-style deltas) or a whole answer's `tool_calls`
//   TTS  @cf/deepgram/aura-1, raw linear16 at 16 kHz (container "none"; never MP3, a Worker can't decode it)
//   turn @cf/pipecat-ai/smart-turn-v2 (16 kHz 16-bit WAV ≤ 8 s as audio {body, contentType} → {is_complete, probability})
//   mood not a model: the words model (worker/emotion/) runs in the Worker, as on every engine; the
//        distilbert-sst-2 sentiment model it replaced could not be shown to help (docs/emotion.md)
// Every model failure becomes an AiStepError (worker/ai/errors.ts) whose message names the step and the
// model, with `transient` set from the binding's error (binding-errors.ts) so the pipeline retries only
// what a retry can fix. The pipeline owns deadlines; the signal it passes is handed to the binding.
import type { AiStage, EmotionScores } from "../../../protocol/call-messages";
import type { VoiceStyle } from "../../../protocol/echo";
import { bytesToBase64, bytesToPcm16, base64ToBytes } from "../../../protocol/pcm16";
import { resampleClip } from "../../audio/resample-rate";
import { buildWav, parseWav } from "../../audio/wav";
import type { AiProvider, PcmAudio, ReplyChunk, ReplyRequest, StreamingTranscriber, Transcript, TranscriberOptions, TurnEndVerdict } from "../provider";
import { toolDefinitions, ToolCallDeltas } from "../action-tools";
import { AiStepError } from "../errors";
import { badOutput, bindingStepError } from "./binding-errors";
import { DEFAULT_FLUX_OPTIONS, FLUX_MODEL, FluxTranscriber, type FluxOptions } from "./flux";
import { mp3Signature } from "../../audio/mp3-signature";
import { wordsEmotions } from "../../emotion/words-model";
import { sseTextDeltas } from "./sse";
import type { SttChoice } from "../../config/stt-choice";

export const MODELS = {
  whisper: "@cf/openai/whisper-large-v3-turbo",
  nova: "@cf/deepgram/nova-3",
  flux: FLUX_MODEL,
  llm: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  tts: "@cf/deepgram/aura-1",
  turn: "@cf/pipecat-ai/smart-turn-v2",
} as const;

export const SPEAKERS = {
  default: "asteria",
  warm: "luna",
  energetic: "stella",
  authoritative: "orion",
  gentle: "athena",
} as const satisfies Record<VoiceStyle, string>;


export interface WorkersAiOptions {
  stt: SttChoice;
  /** Flux's thresholds and the stream's deadlines (stt "flux"). */
  flux: FluxOptions;
  /** Ask smart-turn-v2 to confirm the VAD's end of turn. */
  turnModel: boolean;
  /** Cap on a spoken reply's tokens (a request may ask for another: ReplyRequest.maxTokens). */
  maxTokens: number;
}

const TTS_RATE = 16000;

async function step<T>(stage: AiStage, what: string, model: string, run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (signal?.aborted || (err instanceof Error && err.name === "AbortError")) throw err;
    throw bindingStepError(stage, what, model, err);
  }
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Aura's audio in whichever shape the binding hands it over → bytes. */
async function audioBytes(result: unknown): Promise<Uint8Array> {
  if (result instanceof ReadableStream) return readAll(result as ReadableStream<Uint8Array>);
  if (result instanceof Uint8Array) return result;
  if (result instanceof ArrayBuffer) return new Uint8Array(result);
  if (result instanceof Response) return new Uint8Array(await result.arrayBuffer());
  if (typeof result === "string") return base64ToBytes(result);
  if (result && typeof result === "object" && "audio" in result && typeof result.audio === "string") return base64ToBytes(result.audio);
  throw badOutput("speech", "Text-to-speech", MODELS.tts, "the model returned no audio");
}

function isTextStream(value: unknown): value is ReadableStream<Uint8Array> {
  return value instanceof ReadableStream;
}

export class WorkersAiProvider implements AiProvider {
  readonly name = "workers-ai" as const;
  readonly models: Partial<Record<AiStage, string>>;
  private readonly options: WorkersAiOptions;
  readonly detectTurnEnd?: (audio: PcmAudio, signal?: AbortSignal) => Promise<TurnEndVerdict>;
  readonly openTranscriber?: (options: TranscriberOptions) => StreamingTranscriber;

  constructor(
    private readonly ai: Ai,
    options: Partial<WorkersAiOptions> = {},
  ) {
    this.options = { stt: "whisper", flux: DEFAULT_FLUX_OPTIONS, turnModel: true, maxTokens: 256, ...options };
    if (this.options.turnModel) this.detectTurnEnd = (audio, signal) => this.smartTurn(audio, signal);
    if (this.options.stt === "flux") this.openTranscriber = (transcriber) => new FluxTranscriber(this.ai, transcriber, this.options.flux);
    this.models = {
      // Flux streams; a failure of its Whisper fallback names Whisper itself (AiStepError.model).
      transcribe: { flux: MODELS.flux, whisper: MODELS.whisper, "nova-3": MODELS.nova }[this.options.stt],
      reply: MODELS.llm,
      speech: MODELS.tts,
      ...(this.options.turnModel ? { turn: MODELS.turn } : {}),
    };
  }

  async transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    const wav = buildWav(audio.samples, audio.sampleRate);
    if (this.options.stt === "nova-3") {
      const result = await step(
        "transcribe",
        "Speech-to-text",
        MODELS.nova,
        () => this.ai.run(MODELS.nova, { audio: { body: new Blob([wav]).stream(), contentType: "audio/wav" }, smart_format: true }, { signal }),
        signal,
      );
      const text = result.results?.channels?.[0]?.alternatives?.[0]?.transcript;
      if (typeof text !== "string") throw badOutput("transcribe", "Speech-to-text", MODELS.nova, "the model returned no transcript");
      return { text: text.trim(), recognized: true };
    }
    const result = await step("transcribe", "Speech-to-text", MODELS.whisper, () => this.ai.run(MODELS.whisper, { audio: bytesToBase64(wav), language: "en" }, { signal }), signal);
    if (typeof result?.text !== "string") throw badOutput("transcribe", "Speech-to-text", MODELS.whisper, "the model returned no text");
    return { text: result.text.trim(), recognized: true };
  }

  /** The words model, in the Worker: no binding call. */
  async textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores> {
    if (signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
    return wordsEmotions(text);
  }

  async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    const tools = toolDefinitions(request.tools);
    const calls = new ToolCallDeltas();
    const result: unknown = await step(
      "reply",
      "The language model",
      MODELS.llm,
      () =>
        this.ai.run(
          MODELS.llm,
          {
            messages: request.messages,
            max_tokens: request.maxTokens ?? this.options.maxTokens,
            ...(tools.length ? { tools } : {}),
            // JSON mode (Workers AI's json-mode docs): the answer matches the schema. It does not stream:
            // the answer comes whole, as `{response: {…}}` (an object) or as its text.
            ...(request.responseFormat ? { stream: false, response_format: { type: "json_schema" as const, json_schema: request.responseFormat.schema } } : { stream: true }),
          },
          { signal },
        ),
      signal,
    );
    if (isTextStream(result)) {
      let produced = false;
      try {
        for await (const delta of sseTextDeltas(result, signal, tools.length ? calls : undefined)) {
          if (delta.trim()) produced = true;
          yield delta;
        }
        // Cancelled by the abort, the stream ends quietly: a cut-off reply must not look whole.
        if (signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
      } catch (err) {
        if (signal?.aborted) throw err;
        // A stream that broke mid-reply (connection reset, an error event): the pipeline does not
        // retry once tokens have flowed, but the flag still says what kind of failure it was.
        throw bindingStepError("reply", "The language model", MODELS.llm, err);
      }
      const actions = calls.requests(request.tools);
      // An answer with no words (and no action) would be dead air: it fails like any other (the caller hears the apology).
      if (!produced && actions.length === 0) throw badOutput("reply", "The language model", MODELS.llm, "the model answered with no text");
      yield* actions;
      return;
    }
    // A structured answer (JSON mode) comes parsed: its JSON text is the reply.
    if (request.responseFormat && result && typeof result === "object" && "response" in result && result.response && typeof result.response === "object") {
      yield JSON.stringify(result.response);
      return;
    }
    // A non-streamed answer ({response, tool_calls}) still works.
    if (result && typeof result === "object" && "response" in result && typeof result.response === "string") {
      if (tools.length && "tool_calls" in result) calls.push(result.tool_calls);
      const actions = calls.requests(request.tools);
      if (!result.response.trim() && actions.length === 0) throw badOutput("reply", "The language model", MODELS.llm, "the model answered with no text");
      if (result.response.trim()) yield result.response;
      yield* actions;
      return;
    }
    throw badOutput("reply", "The language model", MODELS.llm, "the model returned no text stream");
  }

  /** Aura takes a speaker and nothing else that shapes the voice: a reply's delivery is not sent (docs/emotion.md). */
  async synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal): Promise<PcmAudio> {
    const bytes = await step(
      "speech",
      "Text-to-speech",
      MODELS.tts,
      async () =>
        audioBytes(
          await this.ai.run(MODELS.tts, { text, speaker: SPEAKERS[voice], encoding: "linear16", container: "none", sample_rate: TTS_RATE }, { signal }),
        ),
      signal,
    );
    if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF") {
      const wav = parseWav(bytes);
      return { samples: resampleClip(wav.samples, wav.sampleRate, TTS_RATE), sampleRate: TTS_RATE };
    }
    if (bytes.length < 2) throw badOutput("speech", "Text-to-speech", MODELS.tts, "the model returned no audio");
    // Aura's default encoding is MP3, which a Worker cannot decode: played as PCM it would be loud noise.
    const mp3 = mp3Signature(bytes);
    if (mp3) throw badOutput("speech", "Text-to-speech", MODELS.tts, `the model returned MP3 audio (${mp3}), not the linear16 PCM asked for`);
    return { samples: bytesToPcm16(bytes.subarray(0, bytes.length - (bytes.length % 2))), sampleRate: TTS_RATE };
  }

  /**
   * smart-turn-v2 on the last ≤ 8 s, sent as a 16 kHz 16-bit mono WAV in `audio: {body, contentType}`.
   * The model's schema (workers-types Ai_Cf_Pipecat_Ai_Smart_Turn_V2_Input) accepts either that or a
   * base64 string of raw samples with a `dtype`; the WAV form is self-describing (rate, width and
   * channels travel in its header, nothing is left to a default) and is the form Cloudflare's own voice
   * code sent, so we follow it.
   */
  private async smartTurn(audio: PcmAudio, signal?: AbortSignal): Promise<TurnEndVerdict> {
    const wav = buildWav(audio.samples, audio.sampleRate);
    const result = await step(
      "turn",
      "End-of-turn detection",
      MODELS.turn,
      () => this.ai.run(MODELS.turn, { audio: { body: new Blob([wav]).stream(), contentType: "audio/wav" } }, { signal }),
      signal,
    );
    if (typeof result?.is_complete !== "boolean") throw badOutput("turn", "End-of-turn detection", MODELS.turn, "unexpected output");
    return { complete: result.is_complete, probability: typeof result.probability === "number" ? result.probability : result.is_complete ? 1 : 0 };
  }
}
