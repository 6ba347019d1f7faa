// A call's memory made by a language model: ONE structured request (response_format json_schema) to an
// OpenAI-compatible server (test/openai-server); an answer that is not the JSON asked for is asked again
// once, then the extractive pass runs instead; a failing model falls back the same way. Never for an
// unverified caller.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AiProvider } from "../../../worker/ai/provider";
import { composeProvider } from "../../../worker/ai/select";
import { MODELS, WorkersAiProvider } from "../../../worker/ai/workers-ai/provider";
import { loadOpenAiSdk } from "../../../worker/ai/openai/sdk";
import { readAiSettings } from "../../../worker/config/ai-settings";
import { db } from "../../../worker/db/client";
import { rememberCall } from "../../../worker/memory/make";
import { listMemory } from "../../../worker/memory/store";
import type { LoggedRequest } from "../../openai-server/server";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { createUser } from "../support/users";

beforeAll(() => loadOpenAiSdk(), 60_000);

/** The call's provider with its replies from the local server's `model` (its own API key, so this test reads only its own requests). */
function engine(model: string): { engine: AiProvider; key: string } {
  const key = `sk-test-${crypto.randomUUID()}`;
  const config = { ...env, AI_PROVIDER: "openai", OPENAI_BASE_URL: env.TEST_OPENAI_BASE_URL, OPENAI_STT_MODEL: "whisper-test", OPENAI_REPLY_MODEL: model, OPENAI_SPEECH_MODEL: "tts-test", OPENAI_API_KEY: key };
  return { engine: composeProvider(readAiSettings(config), config), key };
}

async function chatRequests(key: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${env.TEST_OPENAI_BASE_URL.replace(/\/v1$/, "")}/_log?key=${key}`);
  return ((await res.json()) as LoggedRequest[]).filter((r) => r.path === "/v1/chat/completions");
}

async function endedCall(verified = true) {
  const owner = await createUser();
  const echo = await createEcho(owner.user.id);
  const call = await createCall(owner.user.id, { echoId: echo.id, callType: verified ? "browser_test" : "phone", callerVerified: verified }, [
    { text: "Hi there, how can I help?", speaker: "assistant" },
    { text: "My name is Sam. Ask me about the interview on Friday.", speaker: "caller" },
  ]);
  return { scope: { userId: owner.user.id, echoId: echo.id }, callId: call.id };
}

describe("memory by a language model", { timeout: 30_000 }, () => {
  it("is one structured request whose JSON answer is stored", async () => {
    const { scope, callId } = await endedCall();
    const { engine: model, key } = engine("memory-test");
    expect(await rememberCall(db(env.DB), model, callId)).toMatchObject({ made: true, method: "model" });
    const requests = await chatRequests(key);
    expect(requests).toHaveLength(1);
    const format = requests[0]!.body.response_format as { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
    expect(format).toMatchObject({ type: "json_schema", json_schema: { name: "caller_memory", strict: true, schema: { required: ["facts"] } } });
    const messages = requests[0]!.body.messages as { role: string; content: string }[];
    expect(messages[1]!.content).toContain("Caller: My name is Sam. Ask me about the interview on Friday.");
    // The stand-in's answer: one fact of the schema's first kind, quoting the transcript's last line.
    const items = await listMemory(db(env.DB), scope);
    expect(items.map((i) => [i.kind, i.text, i.sourceCallId])).toEqual([["person", "My name is Sam. Ask me about the interview on Friday.", callId]]);
  });

  it("a malformed answer is asked again once", async () => {
    const { scope, callId } = await endedCall();
    const { engine: model, key } = engine("bad-json-once");
    expect(await rememberCall(db(env.DB), model, callId)).toMatchObject({ made: true, method: "model", stored: 1 });
    expect(await chatRequests(key)).toHaveLength(2);
    expect((await listMemory(db(env.DB), scope)).map((i) => i.kind)).toEqual(["person"]);
  });

  it("malformed twice: the extractive pass instead, and the call is untouched", async () => {
    const { scope, callId } = await endedCall();
    const { engine: model, key } = engine("bad-json");
    expect(await rememberCall(db(env.DB), model, callId)).toMatchObject({ made: true, method: "extractive" });
    expect(await chatRequests(key)).toHaveLength(2);
    const texts = (await listMemory(db(env.DB), scope)).map((i) => i.text).sort();
    expect(texts).toEqual(["Ask me about the interview on Friday.", "My name is Sam."]);
    expect(await env.DB.prepare("select status from calls where id = ?").bind(callId).first()).toEqual({ status: "completed" });
  });

  it("a failing model: the extractive pass", async () => {
    const { scope, callId } = await endedCall();
    const { engine: model } = engine("fail-500");
    expect(await rememberCall(db(env.DB), model, callId)).toMatchObject({ made: true, method: "extractive" });
    expect((await listMemory(db(env.DB), scope)).length).toBe(2);
  });

  it("an unverified caller: nothing is asked, nothing kept", async () => {
    const { scope, callId } = await endedCall(false);
    const { engine: model, key } = engine("memory-test");
    expect(await rememberCall(db(env.DB), model, callId)).toEqual({ made: false, reason: "not-verified" });
    expect(await chatRequests(key)).toHaveLength(0);
    expect(await listMemory(db(env.DB), scope)).toEqual([]);
  });

  it("on Workers AI: JSON mode on the default Llama model (response_format json_schema, not streamed), its parsed answer stored", async () => {
    const { scope, callId } = await endedCall();
    const seen: Record<string, unknown>[] = [];
    // The binding's wire shape in JSON mode: `{response: {...}}`, the answer already parsed.
    const binding = {
      async run(model: string, inputs: Record<string, unknown>) {
        seen.push({ model, ...inputs });
        return { response: { facts: [{ kind: "event", subject: "interview", text: "My interview is on Friday.", date: "2026-12-04" }] } };
      },
    };
    const provider = new WorkersAiProvider(binding as unknown as Ai);
    expect(await rememberCall(db(env.DB), provider, callId)).toMatchObject({ made: true, method: "model", stored: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ model: MODELS.llm, stream: false, response_format: { type: "json_schema", json_schema: { required: ["facts"] } } });
    const [item] = await listMemory(db(env.DB), scope);
    expect(item).toMatchObject({ kind: "event", subject: "interview", text: "My interview is on Friday.", expiresAt: Date.UTC(2026, 11, 5) - 1 });
  });
});
