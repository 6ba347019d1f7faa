// Tool calling on an OpenAI-compatible server, inside workerd, against the local stand-in
// (test/openai-server): the call's actions go out as `tools`, streamed tool-call deltas come back as one
// action request, and in a whole conversation the action is confirmed out loud, a malformed call gets a
// question back, and a tool that doesn't answer in time is heard as "didn't work".
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTION_NAMES, type ActionName } from "../../../protocol/call-messages";
import { wordsEmotions } from "../../../worker/emotion/words-model";
import { BUNDLED_VOICE } from "../../../worker/ai/offline/synth";
import { OpenAiCompatibleEngine } from "../../../worker/ai/openai/provider";
import { loadOpenAiSdk } from "../../../worker/ai/openai/sdk";
import type { AiProvider, ReplyChunk, ReplyRequest } from "../../../worker/ai/provider";
import { readAiSettings } from "../../../worker/config/ai-settings";
import type { ActionPort } from "../../../worker/pipeline/actions/port";
import { Conversation } from "../../../worker/pipeline/conversation";
import type { PipelineEvent } from "../../../worker/pipeline/core/events";
import type { LoggedRequest } from "../../openai-server/server";

beforeAll(() => loadOpenAiSdk(), 60_000);

function engine(): { engine: OpenAiCompatibleEngine; key: string } {
  const key = `sk-test-${crypto.randomUUID()}`;
  const settings = readAiSettings({
    ...env,
    AI_PROVIDER: "openai",
    OPENAI_BASE_URL: env.TEST_OPENAI_BASE_URL,
    OPENAI_API_KEY: key,
    OPENAI_STT_MODEL: "whisper-test",
    OPENAI_REPLY_MODEL: "chat-test",
    OPENAI_SPEECH_MODEL: "tts-test",
    OPENAI_SPEECH_FORMAT: "wav",
  });
  return { engine: new OpenAiCompatibleEngine(settings.openai), key };
}

async function requestsOf(key: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${env.TEST_OPENAI_BASE_URL.replace(/\/v1$/, "")}/_log?key=${key}`);
  return res.json();
}

const request = (text: string, tools: readonly ActionName[] = ACTION_NAMES): ReplyRequest => ({
  persona: { name: "Sunny", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" },
  messages: [
    { role: "system", content: "You are Sunny." },
    { role: "user", content: text },
  ],
  callerEmotions: {},
  turn: null,
  tools,
});

async function collect(stream: AsyncIterable<ReplyChunk>): Promise<ReplyChunk[]> {
  const out: ReplyChunk[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe("the engine: tools out, streamed tool calls in", () => {
  it("sends the actions as OpenAI tool definitions and gathers the streamed call into one action request", async () => {
    const { engine: e, key } = engine();
    const chunks = await collect(e.reply(request('call schedule_callback with {"when": "tomorrow at 8", "reason": "to practise my speech"}')));
    expect(chunks.filter((c) => typeof c === "string").join("")).toBe("One moment. ");
    expect(chunks.filter((c) => typeof c !== "string")).toEqual([{ type: "action", name: "schedule_callback", arguments: { when: "tomorrow at 8", reason: "to practise my speech" } }]);
    const [sent] = await requestsOf(key);
    const tools = sent?.body.tools as Array<{ type: string; function: { name: string; parameters: { type: string } } }>;
    expect(tools.map((t) => t.function.name)).toEqual([...ACTION_NAMES]);
    expect(tools.every((t) => t.type === "function" && t.function.parameters.type === "object")).toBe(true);
    expect(sent?.chunks).toBeGreaterThan(4); // the arguments came in pieces
  });

  it("malformed arguments are handed on as written (the pipeline asks back)", async () => {
    const { engine: e } = engine();
    const chunks = await collect(e.reply(request('call remember with {"text": "Maria is getting ma')));
    expect(chunks.filter((c) => typeof c !== "string")).toEqual([{ type: "action", name: "remember", arguments: '{"text": "Maria is getting ma' }]);
  });

  it("no tools offered: none sent, and a tool-like message is just words", async () => {
    const { engine: e, key } = engine();
    const chunks = await collect(e.reply(request("call remember with {}", [])));
    expect(chunks.every((c) => typeof c === "string")).toBe(true);
    const [sent] = await requestsOf(key);
    expect(sent?.body.tools).toBeUndefined();
  });
});

/** A port whose callbacks answer after `delayMs` (longer than the deadline: it never answers in time). */
function port(delayMs: number): ActionPort & { asked: string[] } {
  const asked: string[] = [];
  const later = <T>(value: T, signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => resolve(value), delayMs);
      signal.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("aborted"))), { once: true });
    });
  return {
    asked,
    remember: (item, s) => (asked.push(`remember ${item.text}`), later({ ok: true as const, value: undefined }, s)),
    forget: (phrase, s) => (asked.push(`forget ${phrase}`), later({ ok: true as const, value: { removed: 1 } }, s)),
    scheduleCallback: (input, s) => (asked.push(`schedule ${input.dueAt}`), later({ ok: true as const, value: { dueAt: input.dueAt, waitingForNumber: false } }, s)),
    cancelCallback: (_w, s) => (asked.push("cancel"), later({ ok: true as const, value: null }, s)),
    listFollowUps: (s) => (asked.push("list"), later({ ok: true as const, value: { items: [] } }, s)),
  };
}

/**
 * The engine's replies, with speech a few milliseconds long: the conversation waits for each reply to
 * play out on the real clock, and what is said is not what these tests are about.
 */
function replying(e: OpenAiCompatibleEngine): AiProvider {
  return {
    name: "openai",
    transcribe: (audio, signal) => e.transcribe(audio, signal),
    textEmotions: async (text) => wordsEmotions(text),
    reply: (req, signal) => e.reply(req, signal),
    synthesize: async () => ({ samples: new Int16Array(160).fill(1000), sampleRate: 16000 }),
  };
}

async function oneTurn(provider: AiProvider, actions: ActionPort, said: string) {
  const events: PipelineEvent[] = [];
  const conversation = new Conversation({
    provider,
    persona: { name: "Sunny", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" },
    fallbackVoice: BUNDLED_VOICE,
    emit: (e) => events.push(e),
    actions,
    timeZone: "Europe/Berlin",
    settings: { actionMs: 300 },
    trail: { info: () => undefined, error: () => undefined },
  });
  conversation.pushText(said);
  await conversation.idle();
  await conversation.close();
  const done = events.find((e): e is Extract<PipelineEvent, { type: "assistant_done" }> => e.type === "assistant_done");
  return done!;
}

describe("a conversation on the OpenAI-compatible engine with actions", () => {
  it("a tool call is run and confirmed after the model's words", async () => {
    const p = port(0);
    const done = await oneTurn(replying(engine().engine), p, 'call remember with {"text": "my sister Maria is getting married on Saturday"}');
    expect(p.asked).toEqual(["remember my sister Maria is getting married on Saturday"]);
    expect(done.text).toBe("One moment. Okay, I'll remember that your sister Maria is getting married on Saturday.");
    expect(done.actions).toEqual([{ action: "remember", status: "done", summary: "Remembered: my sister Maria is getting married on Saturday" }]);
  });

  it("malformed tool arguments: a question back, nothing done", async () => {
    const p = port(0);
    const done = await oneTurn(replying(engine().engine), p, 'call remember with {"text": "Maria is getting ma');
    expect(p.asked).toEqual([]);
    expect(done.text).toBe("One moment. Sorry, what would you like me to remember?");
    expect(done.actions?.[0]?.status).toBe("asked");
  });

  it("a tool that times out: the caller hears it didn't work", async () => {
    const p = port(10_000);
    const done = await oneTurn(replying(engine().engine), p, 'call schedule_callback with {"when": "in 2 hours", "reason": "to check in"}');
    expect(p.asked).toHaveLength(1);
    expect(done.text).toBe("One moment. Sorry, I couldn't set up that callback just now. Please try again in a moment.");
    expect(done.actions).toEqual([{ action: "schedule_callback", status: "failed", summary: "Didn't work: no answer within 0.3 s" }]);
  });
});
