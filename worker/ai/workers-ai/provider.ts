// The production provider on the Workers AI binding (env.AI):
//   STT  @cf/openai/whisper-large-v3-turbo (base64 WAV) or @cf/deepgram/nova-3 (audio {body, contentType})
//   LLM  @cf/meta/llama-3.3-70b-instruct-fp8-fast, stream: true (SSE)
//   TTS  @cf/deepgram/aura-1, raw linear16 at 16 kHz (container "none"; never MP3, a Worker can't decode it)
//   turn @cf/pipecat-ai/smart-turn-v2 (16 kHz audio ≤ 8 s → {is_complete, probability})
//   mood @cf/huggingface/distilbert-sst-2-int8 sentiment, mapped onto emotions with the word lexicon
// Every model failure becomes an Error whose message names the step and the model.
import type { EmotionScores } from "../../../protocol/call";
import type { VoiceStyle } from "../../../protocol/echo";
import { bytesToBase64, bytesToPcm16, base64ToBytes } from "../../../protocol/pcm16";
import { buildWav, parseWav } from "../../audio/wav";
import type { AiProvider, PcmAudio, ReplyRequest, Transcript, TurnEndVerdict } from "../provider";
import { sentimentEmotions } from "./sentiment";
import { sseTextDeltas } from "./sse";

export const MODELS = {
  whisper: "@cf/openai/whisper-large-v3-turbo",
  nova: "@cf/deepgram/nova-3",
  llm: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  tts: "@cf/deepgram/aura-1",
  turn: "@cf/pipecat-ai/smart-turn-v2",
  sentiment: "@cf/huggingface/distilbert-sst-2-int8",
} as const;

export const SPEAKERS = {
  default: "asteria",
  warm: "luna",
  energetic: "stella",
  authoritative: "orion",
  gentle: "athena",
} as const satisfies Record<VoiceStyle, string>;

export interface WorkersAiOptions {
  stt: "whisper" | "nova-3";
  /** Ask smart-turn-v2 to confirm the VAD's end of turn. */
  turnModel: boolean;
  maxTokens: number;
}

const TTS_RATE = 16000;

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function step<T>(what: string, model: string, run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (signal?.aborted || (err instanceof Error && err.name === "AbortError")) throw err;
    throw new Error(`${what} failed (${model}): ${describe(err)}`);
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
  throw new Error("the model returned no audio");
}

function isTextStream(value: unknown): value is ReadableStream<Uint8Array> {
  return value instanceof ReadableStream;
}

export class WorkersAiProvider implements AiProvider {
  readonly name = "workers-ai" as const;
  private readonly options: WorkersAiOptions;
  readonly detectTurnEnd?: (audio: PcmAudio, signal?: AbortSignal) => Promise<TurnEndVerdict>;

  constructor(
    private readonly ai: Ai,
    options: Partial<WorkersAiOptions> = {},
  ) {
    this.options = { stt: "whisper", turnModel: true, maxTokens: 256, ...options };
    if (this.options.turnModel) this.detectTurnEnd = (audio, signal) => this.smartTurn(audio, signal);
  }

  async transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    const wav = buildWav(audio.samples, audio.sampleRate);
    if (this.options.stt === "nova-3") {
      const result = await step(
        "Speech-to-text",
        MODELS.nova,
        () => this.ai.run(MODELS.nova, { audio: { body: new Blob([wav]).stream(), contentType: "audio/wav" }, smart_format: true }, { signal }),
        signal,
      );
      const text = result.results?.channels?.[0]?.alternatives?.[0]?.transcript;
      if (typeof text !== "string") throw new Error(`Speech-to-text failed (${MODELS.nova}): the model returned no transcript`);
      return { text: text.trim(), recognized: true };
    }
    const result = await step("Speech-to-text", MODELS.whisper, () => this.ai.run(MODELS.whisper, { audio: bytesToBase64(wav), language: "en" }, { signal }), signal);
    if (typeof result?.text !== "string") throw new Error(`Speech-to-text failed (${MODELS.whisper}): the model returned no text`);
    return { text: result.text.trim(), recognized: true };
  }

  async textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores> {
    const result = await step("Sentiment", MODELS.sentiment, () => this.ai.run(MODELS.sentiment, { text }, { signal }), signal);
    if (!Array.isArray(result)) throw new Error(`Sentiment failed (${MODELS.sentiment}): unexpected output`);
    let positive = 0.5;
    for (const item of result) if (item.label?.toUpperCase() === "POSITIVE" && typeof item.score === "number") positive = item.score;
    return sentimentEmotions(text, positive);
  }

  async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<string> {
    const result: unknown = await step(
      "The language model",
      MODELS.llm,
      () => this.ai.run(MODELS.llm, { messages: request.messages, stream: true, max_tokens: this.options.maxTokens }, { signal }),
      signal,
    );
    if (isTextStream(result)) {
      try {
        yield* sseTextDeltas(result);
      } catch (err) {
        if (signal?.aborted) throw err;
        throw new Error(`The language model failed (${MODELS.llm}): ${describe(err)}`);
      }
      return;
    }
    // A non-streamed answer ({response}) still works.
    if (result && typeof result === "object" && "response" in result && typeof result.response === "string") {
      yield result.response;
      return;
    }
    throw new Error(`The language model failed (${MODELS.llm}): the model returned no text stream`);
  }

  async synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal): Promise<PcmAudio> {
    const bytes = await step(
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
      return { samples: wav.samples, sampleRate: wav.sampleRate };
    }
    if (bytes.length < 2) throw new Error(`Text-to-speech failed (${MODELS.tts}): the model returned no audio`);
    return { samples: bytesToPcm16(bytes.subarray(0, bytes.length - (bytes.length % 2))), sampleRate: TTS_RATE };
  }

  /** smart-turn-v2 on the last ≤ 8 s: raw float32 PCM at 16 kHz, base64 (the model's `dtype: "float32"` input). */
  private async smartTurn(audio: PcmAudio, signal?: AbortSignal): Promise<TurnEndVerdict> {
    const floats = new Float32Array(audio.samples.length);
    for (let i = 0; i < floats.length; i++) floats[i] = (audio.samples[i] ?? 0) / 32768;
    const result = await step(
      "End-of-turn detection",
      MODELS.turn,
      () => this.ai.run(MODELS.turn, { audio: bytesToBase64(new Uint8Array(floats.buffer)), dtype: "float32" }, { signal }),
      signal,
    );
    if (typeof result?.is_complete !== "boolean") throw new Error(`End-of-turn detection failed (${MODELS.turn}): unexpected output`);
    return { complete: result.is_complete, probability: typeof result.probability === "number" ? result.probability : result.is_complete ? 1 : 0 };
  }
}
