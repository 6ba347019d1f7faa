// The workers-ai provider inside workerd, against a stand-in AI binding that answers with the models'
// documented shapes (whisper {text}, nova-3 results.channels, llama SSE stream, aura-1 raw linear16 stream,
// smart-turn {is_complete, probability}) and fails the way the binding does.
import { describe, expect, it } from "vitest";
import type { Persona, ReplyChunk, ReplyRequest } from "../../../worker/ai/provider";
import { BUNDLED_VOICE, synthesizeSpeech } from "../../../worker/ai/offline/synth";
import { WorkersAiProvider, MODELS, SPEAKERS } from "../../../worker/ai/workers-ai/provider";
import { base64ToBytes, pcm16ToBytes } from "../../../protocol/pcm16";
import { concatPcm } from "../../../worker/audio/pcm";
import { parseWav } from "../../../worker/audio/wav";
import { Conversation } from "../../../worker/pipeline/conversation";
import type { PipelineEvent } from "../../../worker/pipeline/core/events";

interface Call {
  model: string;
  inputs: Record<string, unknown>;
  signal: AbortSignal | undefined;
}

type Handler = (inputs: Record<string, unknown>, signal: AbortSignal | undefined) => unknown;

const enc = new TextEncoder();

function sse(events: string[], opts: { delayMs?: number; signal?: AbortSignal; failAfter?: number } = {}): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.signal?.aborted) return controller.error(new DOMException("aborted", "AbortError"));
      if (opts.failAfter !== undefined && i === opts.failAfter) return controller.error(new Error("upstream connection reset"));
      const e = events[i++];
      if (e === undefined) return controller.close();
      controller.enqueue(enc.encode(e));
    },
  });
}

const llmEvents = (text: string) => [...text.split(/(?<= )/).map((w) => `data: ${JSON.stringify({ response: w })}\n\n`), "data: [DONE]\n\n"];

/** PCM16 bytes as a stream in odd-sized chunks (a sample may straddle two chunks). */
function pcmStream(samples: Int16Array): ReadableStream<Uint8Array> {
  const bytes = pcm16ToBytes(samples);
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += 1001) c.enqueue(bytes.slice(i, i + 1001));
      c.close();
    },
  });
}

function standIn(handlers: Partial<Record<string, Handler>>) {
  const calls: Call[] = [];
  const binding = {
    async run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }) {
      calls.push({ model, inputs, signal: options?.signal });
      const handler = handlers[model];
      if (!handler) throw new Error(`AiError: 5007: No such model ${model} or task`);
      return handler(inputs, options?.signal);
    },
  };
  return { ai: binding as unknown as Ai, calls };
}

const TONE = new Int16Array(3200).map((_, i) => Math.round(4000 * Math.sin((2 * Math.PI * 200 * i) / 16000)));

const defaults: Record<string, Handler> = {
  [MODELS.whisper]: (inputs) => {
    const wav = parseWav(base64ToBytes(String(inputs.audio)));
    return { text: ` I heard ${(wav.samples.length / wav.sampleRate).toFixed(1)} seconds.`, word_count: 4, vtt: "" };
  },
  [MODELS.nova]: () => ({ results: { channels: [{ alternatives: [{ transcript: "hello from nova", confidence: 0.98 }] }] } }),
  [MODELS.llm]: (_inputs, signal) => sse(llmEvents("Hi there! It is good to hear from you. How can I help?"), { signal }),
  [MODELS.tts]: () => pcmStream(TONE),
  [MODELS.turn]: () => ({ is_complete: true, probability: 0.93 }),
};

const persona: Persona = { name: "Nova", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" };
const request: ReplyRequest = { persona, messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "hi" }], callerEmotions: {}, turn: null };

async function collect(stream: AsyncIterable<ReplyChunk>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of stream) if (typeof d === "string") out.push(d);
  return out;
}

describe("workers-ai provider: speech-to-text", () => {
  it("sends whisper a base64 WAV of the turn and returns its text", async () => {
    const { ai, calls } = standIn(defaults);
    const t = await new WorkersAiProvider(ai).transcribe({ samples: new Int16Array(16000 * 1.5), sampleRate: 16000 });
    expect(t).toEqual({ text: "I heard 1.5 seconds.", recognized: true });
    expect(calls[0]!.model).toBe("@cf/openai/whisper-large-v3-turbo");
  });

  it("can use nova-3 with audio {body, contentType}", async () => {
    const { ai, calls } = standIn(defaults);
    const t = await new WorkersAiProvider(ai, { stt: "nova-3" }).transcribe({ samples: new Int16Array(1600), sampleRate: 16000 });
    expect(t).toEqual({ text: "hello from nova", recognized: true });
    const audio = calls[0]!.inputs.audio as { body: ReadableStream<Uint8Array>; contentType: string };
    expect(audio.contentType).toBe("audio/wav");
    const body = new Uint8Array(await new Response(audio.body).arrayBuffer());
    expect(parseWav(body).samples.length).toBe(1600);
  });

  it("turns model failures and odd outputs into clear errors", async () => {
    const failing = standIn({ [MODELS.whisper]: () => Promise.reject(new Error("AiError: 3040: Capacity temporarily exceeded")) });
    await expect(new WorkersAiProvider(failing.ai).transcribe({ samples: new Int16Array(160), sampleRate: 16000 })).rejects.toThrow(
      "Speech-to-text failed (@cf/openai/whisper-large-v3-turbo): AiError: 3040: Capacity temporarily exceeded",
    );
    await expect(new WorkersAiProvider(failing.ai).transcribe({ samples: new Int16Array(160), sampleRate: 16000 })).rejects.toMatchObject({
      stage: "transcribe",
      model: MODELS.whisper,
      transient: true,
      code: 3040,
      status: 429,
    });
    const odd = standIn({ [MODELS.whisper]: () => ({ vtt: "" }) });
    await expect(new WorkersAiProvider(odd.ai).transcribe({ samples: new Int16Array(160), sampleRate: 16000 })).rejects.toThrow(/returned no text/);
  });
});

describe("workers-ai provider: reply stream", () => {
  it("streams llama 3.3 deltas from the SSE stream", async () => {
    const { ai, calls } = standIn(defaults);
    const deltas = await collect(new WorkersAiProvider(ai).reply(request));
    expect(deltas.join("")).toBe("Hi there! It is good to hear from you. How can I help?");
    expect(deltas.length).toBeGreaterThan(5);
    expect(calls[0]).toMatchObject({ model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast", inputs: { messages: request.messages, stream: true } });
  });

  it("caps the answer at the request's maxTokens, a spoken reply's 256 when it gives none", async () => {
    const { ai, calls } = standIn(defaults);
    await collect(new WorkersAiProvider(ai).reply({ ...request, maxTokens: 700 }));
    await collect(new WorkersAiProvider(ai).reply(request));
    expect(calls.map((c) => c.inputs.max_tokens)).toEqual([700, 256]);
  });

  it("passes the abort signal to the binding, so a barge-in stops the stream", async () => {
    const { ai, calls } = standIn({ [MODELS.llm]: (_i, signal) => sse(llmEvents("one two three four five six"), { delayMs: 5, signal }) });
    const controller = new AbortController();
    const seen: ReplyChunk[] = [];
    await expect(async () => {
      for await (const d of new WorkersAiProvider(ai).reply(request, controller.signal)) {
        seen.push(d);
        if (seen.length === 2) controller.abort();
      }
    }).rejects.toThrow();
    expect(seen).toEqual(["one ", "two "]);
    expect(calls[0]!.signal?.aborted).toBe(true);
  });

  it("reports a failing or broken stream clearly", async () => {
    const refused = standIn({ [MODELS.llm]: () => Promise.reject(new Error("AiError: 3036: Account limited")) });
    await expect(collect(new WorkersAiProvider(refused.ai).reply(request))).rejects.toThrow(
      "The language model failed (@cf/meta/llama-3.3-70b-instruct-fp8-fast): AiError: 3036: Account limited",
    );
    // An answer with no words would be dead air: it fails (the caller hears the apology).
    const empty = standIn({ [MODELS.llm]: () => sse(['data: {"response":""}\n\n', "data: [DONE]\n\n"]) });
    await expect(collect(new WorkersAiProvider(empty.ai).reply(request))).rejects.toMatchObject({
      stage: "reply",
      transient: false,
      message: "The language model failed (@cf/meta/llama-3.3-70b-instruct-fp8-fast): the model answered with no text",
    });
    const emptyWhole = standIn({ [MODELS.llm]: () => ({ response: " " }) });
    await expect(collect(new WorkersAiProvider(emptyWhole.ai).reply(request))).rejects.toThrow(/answered with no text/);
    const broken = standIn({ [MODELS.llm]: () => sse(llmEvents("Hello there friend"), { failAfter: 2 }) });
    await expect(collect(new WorkersAiProvider(broken.ai).reply(request))).rejects.toThrow(/language model failed.*upstream connection reset/);
  });
});

describe("workers-ai provider: speech synthesis", () => {
  it("asks aura-1 for raw 16 kHz linear16 in the Echo's voice and reads the byte stream", async () => {
    const { ai, calls } = standIn(defaults);
    const audio = await new WorkersAiProvider(ai).synthesize("Hello there.", "warm");
    expect(audio.sampleRate).toBe(16000);
    expect(audio.samples).toEqual(TONE);
    expect(calls[0]).toMatchObject({
      model: "@cf/deepgram/aura-1",
      inputs: { text: "Hello there.", speaker: SPEAKERS.warm, encoding: "linear16", container: "none", sample_rate: 16000 },
    });
    expect(new Set(Object.values(SPEAKERS)).size).toBe(5);
  });

  it("also accepts an ArrayBuffer or a WAV container", async () => {
    const buffer = standIn({ [MODELS.tts]: () => pcm16ToBytes(TONE).buffer });
    expect((await new WorkersAiProvider(buffer.ai).synthesize("Hi.", "default")).samples).toEqual(TONE);
    const { buildWav } = await import("../../../worker/audio/wav");
    const wav = standIn({ [MODELS.tts]: () => buildWav(TONE, 24000) });
    // A WAV at another rate comes out at the pipeline's 16 kHz (the phone line and the recording take only that).
    const resampled = await new WorkersAiProvider(wav.ai).synthesize("Hi.", "default");
    expect(resampled.sampleRate).toBe(16000);
    expect(resampled.samples.length).toBe(Math.round((TONE.length * 16) / 24));
  });

  it("refuses MP3 bytes instead of playing them as PCM noise", async () => {
    const id3 = standIn({ [MODELS.tts]: () => new TextEncoder().encode("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000 mp3 data follows") });
    await expect(new WorkersAiProvider(id3.ai).synthesize("Hi.", "default")).rejects.toMatchObject({
      stage: "speech",
      transient: false,
      message: "Text-to-speech failed (@cf/deepgram/aura-1): the model returned MP3 audio (ID3 tag), not the linear16 PCM asked for",
    });
    const frame = new Uint8Array(417 * 3);
    for (let i = 0; i < 3; i++) frame.set([0xff, 0xfb, 0x90, 0x64], 417 * i);
    const sync = standIn({ [MODELS.tts]: () => frame });
    await expect(new WorkersAiProvider(sync.ai).synthesize("Hi.", "default")).rejects.toThrow(/MP3 audio \(MPEG frame sync\)/);
  });

  it("fails clearly on errors or empty audio", async () => {
    const failing = standIn({ [MODELS.tts]: () => Promise.reject(new Error("AiError: 5006: Invalid speaker")) });
    await expect(new WorkersAiProvider(failing.ai).synthesize("Hi.", "gentle")).rejects.toThrow("Text-to-speech failed (@cf/deepgram/aura-1): AiError: 5006: Invalid speaker");
    await expect(new WorkersAiProvider(failing.ai).synthesize("Hi.", "gentle")).rejects.toMatchObject({ stage: "speech", transient: false, code: 5006, status: 400 });
    const empty = standIn({ [MODELS.tts]: () => new ReadableStream({ start: (c) => c.close() }) });
    await expect(new WorkersAiProvider(empty.ai).synthesize("Hi.", "gentle")).rejects.toThrow(/returned no audio/);
  });
});

describe("workers-ai provider: turn model and emotions", () => {
  it("asks smart-turn-v2 about the last audio as a 16-bit WAV in audio {body, contentType}", async () => {
    const { ai, calls } = standIn({ ...defaults, [MODELS.turn]: () => ({ is_complete: false, probability: 0.21 }) });
    const provider = new WorkersAiProvider(ai);
    expect(await provider.detectTurnEnd!({ samples: Int16Array.from([16384, -16384]), sampleRate: 16000 })).toEqual({ complete: false, probability: 0.21 });
    const audio = calls[0]!.inputs.audio as { body: ReadableStream<Uint8Array>; contentType: string };
    expect(audio.contentType).toBe("audio/wav");
    expect(calls[0]!.inputs.dtype).toBeUndefined();
    const wav = parseWav(new Uint8Array(await new Response(audio.body).arrayBuffer()));
    expect(wav.sampleRate).toBe(16000);
    expect(Array.from(wav.samples)).toEqual([16384, -16384]);
    expect(new WorkersAiProvider(ai, { turnModel: false }).detectTurnEnd).toBeUndefined();
  });

  it("scores emotions with the words model in the Worker: no binding call", async () => {
    const { ai, calls } = standIn(defaults);
    const p = new WorkersAiProvider(ai);
    const happy = await p.textEmotions("That was a lovely day, thank you so much!");
    expect(Object.entries(happy).sort((a, b) => b[1] - a[1])[0]![0]).toBe("joy");
    const scared = await p.textEmotions("I'm really scared about the surgery tomorrow");
    expect(Object.entries(scared).sort((a, b) => b[1] - a[1])[0]![0]).toBe("fear");
    expect(calls).toEqual([]);
    expect(p.models.emotions).toBeUndefined();
  });
});

describe("a conversation on workers-ai inside workerd", () => {
  it("speech in → whisper text, streamed reply, aura audio; a speech outage is retried, then an error and an apology, and the call goes on", { timeout: 20_000 }, async () => {
    let ttsDown = true;
    const { ai, calls } = standIn({ ...defaults, [MODELS.tts]: () => (ttsDown ? Promise.reject(new Error("AiError: 3040: Capacity temporarily exceeded")) : pcmStream(TONE)) });
    const events: PipelineEvent[] = [];
    const logs: Array<Record<string, unknown>> = [];
    const conversation = new Conversation({
      provider: new WorkersAiProvider(ai),
      persona,
      fallbackVoice: BUNDLED_VOICE,
      emit: (e) => events.push(e),
      settings: { backoffBaseMs: 20, backoffMaxMs: 40 },
      callId: "call-1",
      trail: { info: (r) => logs.push(r), error: (r) => logs.push(r) },
    });
    // Speech-like audio made by the offline synthesizer (workerd has no file system for fixtures).
    const speech = concatPcm([new Int16Array(4800), synthesizeSpeech("Hello there, how are you doing today?", "default"), new Int16Array(16000)]);
    for (let i = 0; i < speech.length; i += 4096) conversation.pushAudio(speech.subarray(i, i + 4096));
    const apology = "Sorry, I lost you for a moment. Could you say that again?";
    for (let i = 0; i < 200 && !events.some((e) => e.type === "assistant_audio"); i++) await new Promise((r) => setTimeout(r, 25));
    expect(calls.some((c) => c.model === MODELS.turn)).toBe(true);
    const turn = events.find((e) => e.type === "caller_turn");
    expect(turn).toMatchObject({ recognized: true, typed: false, text: expect.stringMatching(/^I heard \d\.\d seconds\.$/) });
    // The first sentence was tried three times (two retries with backoff), then the reply stopped.
    expect(calls.filter((c) => c.model === MODELS.tts).map((c) => c.inputs.text)).toEqual(["Hi there!", "Hi there!", "Hi there!"]);
    expect(events.filter((e) => e.type === "error")).toEqual([
      { type: "error", code: "tts_failed", message: "Text-to-speech failed (@cf/deepgram/aura-1): AiError: 3040: Capacity temporarily exceeded (after 2 retries)" },
    ]);
    expect(events.find((e) => e.type === "assistant_done")).toMatchObject({ text: "", spokenText: "", latency: null, outcome: { status: "failed", failedStage: "speech", retries: { speech: 2 } } });
    // The apology plays in the bundled voice: the speech model is what failed.
    expect(events.filter((e) => e.type === "assistant_audio").map((e) => e.type === "assistant_audio" && e.sentence)).toEqual([apology]);
    expect(logs.find((l) => l.event === "ai_failure")).toMatchObject({ callId: "call-1", stage: "speech", model: MODELS.tts, code: 3040, retries: 2 });

    ttsDown = false;
    events.length = 0;
    conversation.pushText("Are you back?"); // cuts the apology short, like any reply
    await new Promise((r) => setTimeout(r, 10));
    await conversation.idle();
    expect(events.map((e) => e.type).filter((t) => t !== "assistant_text")).toEqual([
      "interrupt",
      "assistant_done",
      "caller_turn",
      "assistant_started",
      "assistant_audio",
      "assistant_audio",
      "assistant_audio",
      "assistant_done",
    ]);
    expect(events[1]).toMatchObject({ type: "assistant_done", text: apology, interrupted: true, outcome: { status: "failed", failedStage: "speech", fallbacks: ["line:clip"] } });
    const done = events.at(-1);
    expect(done).toMatchObject({ type: "assistant_done", interrupted: false, spokenText: "Hi there! It is good to hear from you. How can I help?", outcome: { status: "ok", sttMode: "typed" } });
    const turnLogs = logs.filter((l) => l.event === "turn");
    expect(turnLogs.map((l) => [l.turn, l.outcome, l.sttMode])).toEqual([
      [0, "failed", "batch"],
      [1, "ok", "typed"],
    ]);
    expect(turnLogs[0]).toMatchObject({ callId: "call-1", provider: "workers-ai", models: { transcribe: MODELS.whisper, reply: MODELS.llm, speech: MODELS.tts }, retries: { speech: 2 } });
  });
});
