// Stages on OpenAI-compatible HTTP servers (OpenAI, Groq, Ollama, llama.cpp server, LM Studio,
// speaches, Kokoro-FastAPI…), each with its own base URL, key and model, through the official `openai`
// client: speech-to-text POST /audio/transcriptions (multipart WAV), replies POST /chat/completions
// (SSE, consumed as it arrives; the call's actions as `tools`, whose streamed tool-call deltas are
// gathered and yielded as action requests after the words), speech POST /audio/speech (WAV or raw PCM; never MP3; the reply's
// delivery as `instructions` for models that take them, OPENAI_SPEECH_INSTRUCTIONS). No retries
// here (maxRetries 0): failures are AiStepErrors with `transient` set, and the pipeline's deadline and
// retry layer decides. Every request follows the step's AbortSignal.
import type OpenAI from "openai";
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";
import { buildWav } from "../../audio/wav";
import type { AiStage } from "../errors";
import type { PcmAudio, ReplyChunk, ReplyRequest, Transcript } from "../provider";
import { toolDefinitions, ToolCallDeltas } from "../action-tools";
import type { AiSettings, OpenAiEndpoint } from "../../config/ai-settings";
import { abortReason, modelId, stepFailure, unusableAnswer, type StepTarget } from "./errors";
import { loadOpenAiSdk, type OpenAiSdk } from "./sdk";
import { decodeSpeechAudio, SpeechAudioError } from "./speech-audio";

/** Backstop for one request when no earlier deadline aborts it (the pipeline's deadlines are shorter). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Upper bound on a spoken reply's length (a request may ask for another: ReplyRequest.maxTokens). */
export const REPLY_MAX_TOKENS = 256;

type Endpoints = AiSettings["openai"];

function clientFor(sdk: OpenAiSdk, endpoint: OpenAiEndpoint): OpenAI {
  return new sdk.OpenAI({
    // Servers without keys (Ollama, llama.cpp…) get no Authorization header at all.
    apiKey: endpoint.apiKey ?? "unused",
    baseURL: endpoint.baseURL,
    maxRetries: 0,
    timeout: REQUEST_TIMEOUT_MS,
    ...(endpoint.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
}

export class OpenAiCompatibleEngine {
  private readonly clients = new Map<OpenAiEndpoint, OpenAI>();

  /** The model behind each configured stage, for the trail (the same names its failures carry). */
  readonly models: Partial<Record<AiStage, string>>;

  constructor(private readonly endpoints: Endpoints) {
    const { stt, reply, speech } = endpoints;
    this.models = {
      ...(stt ? { transcribe: modelId(stt) } : {}),
      ...(reply ? { reply: modelId(reply) } : {}),
      ...(speech ? { speech: modelId(speech) } : {}),
    };
  }

  /** At call start: loads the `openai` module, so a fresh isolate's first request doesn't spend its deadline importing it. */
  async warmUp(): Promise<void> {
    await loadOpenAiSdk();
  }

  private async use<K extends keyof Endpoints>(
    key: K,
    stage: AiStage,
  ): Promise<{ client: OpenAI; endpoint: NonNullable<Endpoints[K]>; target: StepTarget; sdk: OpenAiSdk }> {
    const endpoint = this.endpoints[key];
    if (!endpoint) throw new Error(`No OpenAI-compatible server is configured for ${key}`);
    const sdk = await loadOpenAiSdk();
    let client = this.clients.get(endpoint);
    if (!client) {
      client = clientFor(sdk, endpoint);
      this.clients.set(endpoint, client);
    }
    return { client, endpoint, target: { stage, model: endpoint.model, vendor: endpoint.vendor }, sdk };
  }

  async transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    const { client, endpoint, target, sdk } = await this.use("stt", "transcribe");
    const file = new File([buildWav(audio.samples, audio.sampleRate)], "speech.wav", { type: "audio/wav" });
    let text: unknown;
    try {
      const result = await client.audio.transcriptions.create({ file, model: endpoint.model, language: "en", response_format: "json" }, { signal });
      text = result.text;
    } catch (err) {
      throw stepFailure(err, target, sdk, signal);
    }
    if (typeof text !== "string") throw unusableAnswer(target, "the answer has no text");
    return { text: text.trim(), recognized: true };
  }

  async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    const { client, endpoint, target, sdk } = await this.use("reply", "reply");
    const tools = toolDefinitions(request.tools);
    const calls = new ToolCallDeltas();
    let produced = false;
    try {
      const stream = await client.chat.completions.create(
        {
          model: endpoint.model,
          messages: request.messages,
          stream: true,
          max_tokens: request.maxTokens ?? REPLY_MAX_TOKENS,
          ...(tools.length ? { tools } : {}),
          ...(request.responseFormat ? { response_format: { type: "json_schema", json_schema: { name: request.responseFormat.name, schema: request.responseFormat.schema, strict: true } } } : {}),
        },
        { signal },
      );
      // Leaving this loop early (the caller barged in) cancels the response body.
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (delta?.tool_calls) calls.push(delta.tool_calls);
        const content = delta?.content;
        if (!content) continue;
        produced = true;
        yield content;
      }
    } catch (err) {
      throw stepFailure(err, target, sdk, signal);
    }
    // The client ends its stream quietly when the request is aborted: a cut-off reply must not look whole.
    if (signal?.aborted) throw abortReason(signal);
    const actions = calls.requests(request.tools);
    if (!produced && actions.length === 0) throw unusableAnswer(target, calls.size ? "the model called a tool it was not offered" : "the model answered with no text");
    yield* actions;
  }

  async synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal, delivery?: Delivery): Promise<PcmAudio> {
    const { client, endpoint, target, sdk } = await this.use("speech", "speech");
    const instructions = endpoint.instructions && delivery?.instructions ? { instructions: delivery.instructions } : {};
    let bytes: Uint8Array;
    let contentType: string | null;
    try {
      const response = await client.audio.speech.create(
        { model: endpoint.model, voice: endpoint.voices[voice], input: text, response_format: endpoint.format, ...instructions },
        { signal },
      );
      contentType = response.headers.get("content-type");
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (err) {
      throw stepFailure(err, target, sdk, signal);
    }
    try {
      return decodeSpeechAudio(bytes, endpoint.format, endpoint.pcmSampleRate, contentType);
    } catch (err) {
      if (err instanceof SpeechAudioError || err instanceof Error) throw unusableAnswer(target, err.message);
      throw err;
    }
  }
}
