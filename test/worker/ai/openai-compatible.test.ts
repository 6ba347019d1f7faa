// The OpenAI-compatible engine inside workerd, against a local server that speaks OpenAI's wire format
// (test/openai-server): multipart WAV upload, SSE reply deltas consumed as they arrive and cancelled on
// abort, WAV / PCM / MP3 speech, and `{error:{…}}` bodies mapped onto AiStepError (transient for 429,
// 5xx and network failures).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { VoiceStyle } from "../../../protocol/echo";
import { AiStepError } from "../../../worker/ai/errors";
import { OpenAiCompatibleEngine } from "../../../worker/ai/openai/provider";
import { loadOpenAiSdk } from "../../../worker/ai/openai/sdk";
import type { ReplyChunk, ReplyRequest } from "../../../worker/ai/provider";
import { readAiSettings } from "../../../worker/config/ai-settings";
import { synthesizeSpeech } from "../../../worker/ai/offline/synth";
import { deliveryFor } from "../../../worker/pipeline/reply/delivery";
import type { LoggedRequest } from "../../openai-server/server";
import { eventually } from "../support/call";

// The engine loads the openai client on first use (worker/ai/openai/sdk.ts). Loading it here keeps that
// one-time import (the test runner transforms the package's modules as it goes) out of the first test's
// time budget; in a full run beside the other suites it took over 5 s.
beforeAll(() => loadOpenAiSdk(), 60_000);

it("loads the openai client once per isolate", async () => {
  const [a, b] = await Promise.all([loadOpenAiSdk(), loadOpenAiSdk()]);
  expect(a).toBe(b);
  expect(typeof a.OpenAI).toBe("function");
});

type Overrides = Partial<Record<"OPENAI_API_KEY" | "OPENAI_STT_MODEL" | "OPENAI_REPLY_MODEL" | "OPENAI_SPEECH_MODEL" | "OPENAI_SPEECH_FORMAT" | "OPENAI_SPEECH_VOICE" | "OPENAI_SPEECH_INSTRUCTIONS" | "OPENAI_BASE_URL", string>>;

/** An engine on the local server with its own API key (so this test reads only its own requests). */
function engineWith(overrides: Overrides = {}): { engine: OpenAiCompatibleEngine; key: string | null } {
  const key = "OPENAI_API_KEY" in overrides ? (overrides.OPENAI_API_KEY ?? null) : `sk-test-${crypto.randomUUID()}`;
  const settings = readAiSettings({
    ...env,
    AI_PROVIDER: "openai",
    OPENAI_BASE_URL: env.TEST_OPENAI_BASE_URL,
    OPENAI_STT_MODEL: "whisper-test",
    OPENAI_REPLY_MODEL: "chat-test",
    OPENAI_SPEECH_MODEL: "tts-test",
    ...overrides,
    OPENAI_API_KEY: key ?? "",
  });
  return { engine: new OpenAiCompatibleEngine(settings.openai), key };
}

async function requestsOf(key: string | null): Promise<LoggedRequest[]> {
  const res = await fetch(`${env.TEST_OPENAI_BASE_URL.replace(/\/v1$/, "")}/_log?key=${key ?? ""}`);
  return res.json();
}

const request = (text: string): ReplyRequest => ({
  persona: { name: "Sunny", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" },
  messages: [
    { role: "system", content: "You are Sunny." },
    { role: "user", content: text },
  ],
  callerEmotions: {},
  turn: null,
});

async function collect(stream: AsyncIterable<ReplyChunk>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) if (typeof delta === "string") deltas.push(delta);
  return deltas;
}

async function failure(promise: Promise<unknown>): Promise<AiStepError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AiStepError);
  return err as AiStepError;
}

describe("speech-to-text: POST /v1/audio/transcriptions", () => {
  it("uploads the turn as a multipart WAV file with the model and returns the server's text", async () => {
    const { engine, key } = engineWith();
    const samples = synthesizeSpeech("Hello there, how are you?", "default");
    const transcript = await engine.transcribe({ samples, sampleRate: 16000 });
    expect(transcript).toEqual({ text: `I heard ${(samples.length / 16000).toFixed(1)} seconds of audio.`, recognized: true });
    const [sent] = await requestsOf(key);
    expect(sent).toMatchObject({ path: "/v1/audio/transcriptions", key, body: { model: "whisper-test", language: "en", response_format: "json" } });
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.file).toEqual({ name: "speech.wav", type: "audio/wav", bytes: 44 + samples.length * 2, sampleRate: 16000, channels: 1, bits: 16, samples: samples.length });
  });
});

describe("replies: POST /v1/chat/completions (SSE)", () => {
  it("streams the reply's deltas from choices[0].delta.content until [DONE]", async () => {
    const { engine, key } = engineWith();
    const deltas = await collect(engine.reply(request("What a lovely morning it is.")));
    expect(deltas.join("")).toBe("You said: What a lovely morning it is.");
    expect(deltas.length).toBeGreaterThan(3);
    const [sent] = await requestsOf(key);
    expect(sent).toMatchObject({ path: "/v1/chat/completions", completed: true, body: { model: "chat-test", stream: true, max_tokens: 256 } });
    expect(sent?.body.messages).toEqual(request("x").messages.map((m, i) => (i === 1 ? { ...m, content: "What a lovely morning it is." } : m)));
  });

  it("asks for the request's maxTokens when it gives one (a summary's answer is longer than a spoken reply)", async () => {
    const { engine, key } = engineWith();
    await collect(engine.reply({ ...request("Summarize the call."), maxTokens: 700 }));
    const [sent] = await requestsOf(key);
    expect(sent?.body).toMatchObject({ model: "chat-test", stream: true, max_tokens: 700 });
  });

  it("hands each delta on as it arrives, before the server has finished", async () => {
    const { engine, key } = engineWith({ OPENAI_REPLY_MODEL: "slow" });
    const stream = engine.reply(request("one two three four five six seven eight"))[Symbol.asyncIterator]();
    const first = await stream.next();
    expect(first.value).toBe("You ");
    const [sent] = await requestsOf(key);
    expect(sent?.completed).toBe(false); // the server is still writing (one word per 150 ms)
    await stream.return?.();
  });

  it("stops the request when its signal aborts mid-stream (the server sees the client go)", async () => {
    const { engine, key } = engineWith({ OPENAI_REPLY_MODEL: "slow" });
    const controller = new AbortController();
    const deltas: ReplyChunk[] = [];
    const err = await (async () => {
      for await (const delta of engine.reply(request("one two three four five six seven eight nine ten"), controller.signal)) {
        deltas.push(delta);
        if (deltas.length === 2) controller.abort();
      }
    })().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(AiStepError); // a cancelled step is not a failure
    expect((err as Error).name).toBe("AbortError");
    expect(deltas).toHaveLength(2);
    const sent = await eventually(async () => (await requestsOf(key)).find((r) => r.clientAborted));
    expect(sent.chunks).toBeLessThan(8);
  });

  it("leaving the stream early (a barge-in) cancels the response", async () => {
    const { engine, key } = engineWith({ OPENAI_REPLY_MODEL: "slow" });
    for await (const delta of engine.reply(request("one two three four five six seven eight nine ten"))) {
      expect(delta).toBe("You ");
      break;
    }
    await eventually(async () => (await requestsOf(key)).find((r) => r.clientAborted));
  });

  it("an error event inside the stream is a transient AiStepError", async () => {
    const { engine } = engineWith({ OPENAI_REPLY_MODEL: "broken-stream" });
    const err = await failure(collect(engine.reply(request("hello there my friend"))));
    expect(err).toMatchObject({ stage: "reply", transient: true });
    expect(err.message).toMatch(/The model crashed mid-answer/);
  });
});

describe("speech: POST /v1/audio/speech", () => {
  const seconds = (text: string) => (text.length * 60) / 1000;

  it("asks for WAV, in the voice mapped to the Echo's style, and resamples 24 kHz to 16 kHz", async () => {
    const { engine, key } = engineWith();
    const text = "Good morning to you.";
    const audio = await engine.synthesize(text, "warm");
    expect(audio.sampleRate).toBe(16000);
    expect(audio.samples.length).toBe(Math.floor(seconds(text) * 16000));
    const peak = audio.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(7000); // the 8000-amplitude tone survives resampling
    expect(peak).toBeLessThan(9000);
    const [sent] = await requestsOf(key);
    expect(sent?.body).toEqual({ model: "tts-test", voice: "coral", input: text, response_format: "wav" });
  });

  it("takes raw PCM at the configured rate, and per-style voices from OPENAI_SPEECH_VOICE", async () => {
    const { engine, key } = engineWith({ OPENAI_SPEECH_FORMAT: "pcm", OPENAI_SPEECH_VOICE: "gentle=af_sky, default=af_heart" });
    const styles: VoiceStyle[] = ["gentle", "default", "energetic"];
    for (const style of styles) {
      const audio = await engine.synthesize("Hi there.", style);
      expect(audio).toMatchObject({ sampleRate: 16000 });
      expect(audio.samples.length).toBe(Math.floor(seconds("Hi there.") * 16000));
    }
    expect((await requestsOf(key)).map((r) => [r.body.voice, r.body.response_format])).toEqual([
      ["af_sky", "pcm"],
      ["af_heart", "pcm"],
      ["nova", "pcm"],
    ]);
  });

  it("sends the reply's delivery as `instructions` to models known to take them (gpt-4o-mini-tts), or when told to", async () => {
    const sad = deliveryFor({ sadness: 0.9, calm: 0.1 }, "warm");
    const instructed = engineWith({ OPENAI_SPEECH_MODEL: "gpt-4o-mini-tts" });
    await instructed.engine.synthesize("I'm here.", "warm", undefined, sad);
    await instructed.engine.synthesize("Hello.", "warm"); // no delivery: no instructions
    expect((await requestsOf(instructed.key)).map((r) => r.body.instructions)).toEqual([sad.instructions, undefined]);
    expect(sad.instructions).toMatch(/slowly and softly/);
    const told = engineWith({ OPENAI_SPEECH_INSTRUCTIONS: "on" });
    await told.engine.synthesize("I'm here.", "warm", undefined, sad);
    expect((await requestsOf(told.key))[0]?.body.instructions).toBe(sad.instructions);
  });

  it("does not send `instructions` to other models (tts-test, a server that may refuse unknown fields), nor when off", async () => {
    const sad = deliveryFor({ sadness: 0.9, calm: 0.1 }, "warm");
    const other = engineWith();
    await other.engine.synthesize("I'm here.", "warm", undefined, sad);
    const off = engineWith({ OPENAI_SPEECH_MODEL: "gpt-4o-mini-tts", OPENAI_SPEECH_INSTRUCTIONS: "off" });
    await off.engine.synthesize("I'm here.", "warm", undefined, sad);
    for (const key of [other.key, off.key]) expect((await requestsOf(key))[0]?.body).not.toHaveProperty("instructions");
  });

  it("refuses MP3 audio with a clear, non-transient error", async () => {
    const { engine } = engineWith({ OPENAI_SPEECH_MODEL: "mp3-only" });
    const err = await failure(engine.synthesize("Hello.", "default"));
    expect(err).toMatchObject({ stage: "speech", transient: false, model: expect.stringContaining("mp3-only") });
    expect(err.message).toMatch(/MP3 audio, which a Worker can't decode/);
  });
});

describe("failures become AiStepError", () => {
  const cases: Array<[number, boolean, string]> = [
    [429, true, "rate_limit_exceeded"],
    [500, true, "internal_error"],
    [503, true, "service_unavailable"],
    [400, false, "invalid_value"],
    [404, false, "model_not_found"],
  ];
  for (const [status, transient, code] of cases) {
    it(`HTTP ${status} → transient ${transient}, code ${code}`, async () => {
      const { engine } = engineWith({ OPENAI_STT_MODEL: `fail-${status}`, OPENAI_REPLY_MODEL: `fail-${status}`, OPENAI_SPEECH_MODEL: `fail-${status}` });
      const audio = { samples: new Int16Array(1600), sampleRate: 16000 };
      const errors = [
        await failure(engine.transcribe(audio)),
        await failure(collect(engine.reply(request("hi")))),
        await failure(engine.synthesize("Hi.", "default")),
      ];
      expect(errors.map((e) => [e.stage, e.status, e.transient, e.code])).toEqual([
        ["transcribe", status, transient, code],
        ["reply", status, transient, code],
        ["speech", status, transient, code],
      ]);
      expect(errors[1]?.message).toMatch(/^The language model failed \(127\.0\.0\.1:\d+ fail-\d+\)/);
    });
  }

  it("a wrong API key (401) is not transient", async () => {
    const { engine } = engineWith({ OPENAI_API_KEY: "wrong-key" });
    const err = await failure(collect(engine.reply(request("hi"))));
    expect(err).toMatchObject({ status: 401, transient: false, code: "invalid_api_key" });
  });

  it("a server that can't be reached is a transient failure without a status", async () => {
    const { engine } = engineWith({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    const err = await failure(collect(engine.reply(request("hi"))));
    expect(err).toMatchObject({ stage: "reply", transient: true, status: undefined });
  });
});

describe("API keys", () => {
  it("sends the stage's key as a Bearer token, and no Authorization header when none is configured", async () => {
    const withKey = engineWith();
    await collect(withKey.engine.reply(request("hi")));
    expect(await requestsOf(withKey.key)).toHaveLength(1);
    const keyless = engineWith({ OPENAI_API_KEY: undefined });
    expect(keyless.key).toBeNull();
    const before = (await requestsOf(null)).length;
    await collect(keyless.engine.reply(request("no key here")));
    const after = await requestsOf(null);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.body.messages).toEqual(request("no key here").messages);
  });
});
