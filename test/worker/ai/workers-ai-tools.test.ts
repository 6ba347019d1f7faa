// Function calling on the Workers AI engine's default model (@cf/meta/llama-3.3-70b-instruct-fp8-fast),
// inside workerd, against a stand-in AI binding that checks the `tools` input the way the model's schema
// has it (each tool {type: "function", function: {name, description, parameters: {type, properties}}})
// and answers a last user message "call <tool> with <arguments>" the ways the binding does: a streamed
// answer whose events carry native `tool_calls` deltas (id, type, index and name first, the arguments in
// pieces, then the closing sentinel with nulls), a stream with whole native calls
// `{name, arguments: {...}}`, or a non-streamed `{response, tool_calls}`. Then a whole conversation on
// that engine: the action confirmed out loud, malformed arguments asked back, a tool that times out.
import { describe, expect, it } from "vitest";
import { ACTION_NAMES } from "../../../protocol/call-messages";
import { BUNDLED_VOICE } from "../../../worker/ai/offline/synth";
import type { AiProvider, ReplyChunk, ReplyRequest } from "../../../worker/ai/provider";
import { MODELS, WorkersAiProvider } from "../../../worker/ai/workers-ai/provider";
import type { ActionPort } from "../../../worker/pipeline/actions/port";
import { Conversation } from "../../../worker/pipeline/conversation";
import type { PipelineEvent } from "../../../worker/pipeline/core/events";

type Shape = "deltas" | "whole" | "not-streamed";
const enc = new TextEncoder();

function events(lines: object[]): ReadableStream<Uint8Array> {
  const all = [...lines.map((l) => `data: ${JSON.stringify(l)}\n\n`), "data: [DONE]\n\n"];
  let i = 0;
  return new ReadableStream({
    pull(c) {
      const next = all[i++];
      if (next === undefined) return c.close();
      // Split each event in two, as a network would.
      const half = Math.floor(next.length / 2);
      c.enqueue(enc.encode(next.slice(0, half)));
      c.enqueue(enc.encode(next.slice(half)));
    },
  });
}

function toolNames(tools: unknown): string[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) throw new Error("AiError: 5006: Error: oneOf at '/tools' not met");
  return tools.map((t: { type?: unknown; function?: { name?: unknown; description?: unknown; parameters?: { type?: unknown; properties?: unknown } } }, i) => {
    const f = t.function;
    if (t.type !== "function" || typeof f?.name !== "string" || typeof f.description !== "string" || f.parameters?.type !== "object" || typeof f.parameters.properties !== "object") {
      throw new Error(`AiError: 5006: Error: oneOf at '/tools/${i}' not met`);
    }
    return f.name;
  });
}

/** The stand-in binding: the llama model only (other stages are not what these tests are about). */
function binding(shape: Shape) {
  const inputs: Array<Record<string, unknown>> = [];
  const ai = {
    async run(model: string, input: Record<string, unknown>) {
      if (model !== MODELS.llm) throw new Error(`AiError: 5007: No such model ${model} or task`);
      inputs.push(input);
      const offered = toolNames(input.tools);
      const messages = input.messages as Array<{ role: string; content: string }>;
      const said = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
      const m = /^call ([a-z_]+) with ([\s\S]*)$/.exec(said);
      const call = m && offered.includes(m[1]!) ? { name: m[1]!, args: m[2]! } : null;
      const text = call ? "One moment." : `You said: ${said}`;
      if (shape === "not-streamed" || input.stream !== true) {
        return { response: text, ...(call ? { tool_calls: [{ name: call.name, arguments: JSON.parse(call.args) as object }] } : {}) };
      }
      const lines: object[] = text.split(/(?<= )/).map((w) => ({ response: w }));
      if (call && shape === "deltas") {
        const piece = Math.ceil(call.args.length / 3);
        lines.push({ response: "", tool_calls: [{ id: "chatcmpl-tool-1", type: "function", index: 0, function: { name: call.name } }] });
        for (let at = 0; at < call.args.length; at += piece) lines.push({ response: "", tool_calls: [{ index: 0, function: { arguments: call.args.slice(at, at + piece) } }] });
        lines.push({ response: "", tool_calls: [{ id: null, type: null, index: 0, function: { name: null, arguments: null } }] });
      }
      if (call && shape === "whole") lines.push({ response: "", tool_calls: [{ name: call.name, arguments: JSON.parse(call.args) as object }] });
      lines.push({ response: "", usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
      return events(lines);
    },
  };
  return { ai: ai as unknown as Ai, inputs };
}

const request = (text: string): ReplyRequest => ({
  persona: { name: "Sunny", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" },
  messages: [
    { role: "system", content: "You are Sunny." },
    { role: "user", content: text },
  ],
  callerEmotions: {},
  turn: null,
  tools: ACTION_NAMES,
});

async function collect(stream: AsyncIterable<ReplyChunk>): Promise<ReplyChunk[]> {
  const out: ReplyChunk[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

const SCHEDULE = 'call schedule_callback with {"when": "tomorrow at 8", "reason": "to practise my speech"}';
const WANTED = { type: "action", name: "schedule_callback", arguments: { when: "tomorrow at 8", reason: "to practise my speech" } };

describe("Workers AI: the actions as tools on the default Llama model", () => {
  for (const shape of ["deltas", "whole", "not-streamed"] as const) {
    it(`a tool call answered as ${shape} becomes one action request after the words`, async () => {
      const { ai, inputs } = binding(shape);
      const chunks = await collect(new WorkersAiProvider(ai, { turnModel: false }).reply(request(SCHEDULE)));
      expect(chunks.filter((c) => typeof c === "string").join("")).toBe("One moment.");
      expect(chunks.at(-1)).toEqual(WANTED);
      expect(chunks.filter((c) => typeof c !== "string")).toHaveLength(1);
      const tools = inputs[0]!.tools as Array<{ function: { name: string } }>;
      expect(tools.map((t) => t.function.name)).toEqual([...ACTION_NAMES]);
    });
  }

  it("no actions on offer: no tools in the input", async () => {
    const { ai, inputs } = binding("deltas");
    await collect(new WorkersAiProvider(ai, { turnModel: false }).reply({ ...request("hello"), tools: [] }));
    expect("tools" in inputs[0]!).toBe(false);
  });
});

/** Answers after `delayMs` (past the 300 ms deadline: never in time). */
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
    scheduleCallback: (input, s) => (asked.push(`schedule ${new Date(input.dueAt).toISOString()}`), later({ ok: true as const, value: { dueAt: input.dueAt, waitingForNumber: false } }, s)),
    cancelCallback: (_w, s) => (asked.push("cancel"), later({ ok: true as const, value: null }, s)),
    listFollowUps: (s) => (asked.push("list"), later({ ok: true as const, value: { items: [] } }, s)),
  };
}

/** The engine's replies, with speech a few milliseconds long (the conversation waits for playback on the real clock). */
function replying(engine: WorkersAiProvider): AiProvider {
  return {
    name: "workers-ai",
    transcribe: (audio, signal) => engine.transcribe(audio, signal),
    textEmotions: (text, signal) => engine.textEmotions(text, signal),
    reply: (req, signal) => engine.reply(req, signal),
    synthesize: async () => ({ samples: new Int16Array(160).fill(1000), sampleRate: 16000 }),
  };
}

async function oneTurn(actions: ActionPort, said: string) {
  const got: PipelineEvent[] = [];
  const conversation = new Conversation({
    provider: replying(new WorkersAiProvider(binding("deltas").ai, { turnModel: false })),
    persona: { name: "Sunny", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" },
    fallbackVoice: BUNDLED_VOICE,
    emit: (e) => got.push(e),
    actions,
    timeZone: "America/New_York",
    settings: { actionMs: 300 },
    trail: { info: () => undefined, error: () => undefined },
  });
  conversation.pushText(said);
  await conversation.idle();
  await conversation.close();
  return got.find((e): e is Extract<PipelineEvent, { type: "assistant_done" }> => e.type === "assistant_done")!;
}

describe("a conversation on Workers AI with actions", () => {
  it("the callback is scheduled in the owner's zone and confirmed", async () => {
    const p = port(0);
    const done = await oneTurn(p, SCHEDULE);
    expect(p.asked).toHaveLength(1);
    expect(p.asked[0]).toMatch(/^schedule \d{4}-\d\d-\d\dT1[23]:00:00\.000Z$/); // 08:00 in New York (EST or EDT)
    expect(done.text).toBe("One moment. I'll call you tomorrow at 8:00 to practise your speech.");
    expect(done.actions?.[0]).toMatchObject({ action: "schedule_callback", status: "done" });
  });

  it("malformed arguments get a question back; nothing is done", async () => {
    const p = port(0);
    const done = await oneTurn(p, 'call forget with {"about": ');
    expect(p.asked).toEqual([]);
    expect(done.text).toBe("One moment. Sorry, what would you like me to forget?");
  });

  it("a tool that times out: the caller hears it didn't work", async () => {
    const p = port(5000);
    const done = await oneTurn(p, "call list_follow_ups with {}");
    expect(p.asked).toEqual(["list"]);
    expect(done.text).toBe("One moment. Sorry, I couldn't look up your follow-ups just now. Please try again in a moment.");
    expect(done.actions?.[0]).toMatchObject({ action: "list_follow_ups", status: "failed" });
  });
});
