// A browser call with a language model (the OpenAI-compatible stand-in) starts with what its Echo
// remembers of the owner: the bounded memory section in the system prompt and the welcome-back cue; an
// Echo with "Remember callers" off, or another user's call, gets neither.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { selectProvider } from "../../worker/ai/select";
import { db } from "../../worker/db/client";
import { rememberItem } from "../../worker/memory/store";
import { GREETING_CUE, WELCOME_BACK_CUE } from "../../worker/pipeline/reply/persona";
import type { LoggedRequest } from "../openai-server/server";
import { startTestCall } from "../worker/support/call";
import { createEcho } from "../worker/support/echoes";
import { createUser } from "../worker/support/users";

type Msg = { type?: string; final?: boolean };
type Sent = { role: string; content: string }[];

/** The request that made the call's greeting: the one whose system prompt names this Echo. */
async function greetingRequest(echoName: string): Promise<Sent> {
  const log = (await (await fetch(`${env.TEST_OPENAI_BASE_URL.replace(/\/v1$/, "")}/_log`)).json()) as LoggedRequest[];
  const sent = log.map((r) => r.body.messages as Sent | undefined).filter((m): m is Sent => Array.isArray(m) && (m[0]?.content ?? "").includes(`You are ${echoName},`));
  expect(sent.length).toBeGreaterThan(0);
  return sent[0]!;
}

async function greet(owner: Awaited<ReturnType<typeof createUser>>, echo: Awaited<ReturnType<typeof createEcho>>): Promise<Sent> {
  const { socket } = await startTestCall({ owner, echo });
  await socket.next<Msg>((m) => m.type === "ai_response" && m.final === true, 15_000);
  socket.send({ type: "end_call" });
  await socket.next("call_ended", 10_000);
  return greetingRequest(echo.name);
}

// The openai client loads on first use: loaded here, so the first greeting's deadline isn't spent on it.
beforeAll(() => selectProvider(env).warmUp?.(), 60_000);

describe("memory in a model's call", { timeout: 30_000 }, () => {
  it("the system prompt carries the memory section and the greeting cue asks to welcome the caller back", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id, { name: `Mem${crypto.randomUUID().slice(0, 6)}` });
    const scope = { userId: owner.user.id, echoId: echo.id };
    await rememberItem(db(env.DB), scope, { kind: "person", subject: "name", text: "My name is Sam.", sourceCallId: null, saidAt: Date.now() - 86_400_000 });
    await rememberItem(db(env.DB), scope, { kind: "follow_up", text: "Ask me about the speech at Maria's wedding.", sourceCallId: null, saidAt: Date.now() - 86_400_000 });
    const messages = await greet(owner, echo);
    const system = messages[0]!.content;
    expect(system).toContain("What you remember of this caller from earlier calls");
    expect(system).toMatch(/- \[follow-up, said \d{4}-\d\d-\d\d\] Ask me about the speech at Maria's wedding\.\n- \[person, said \d{4}-\d\d-\d\d\] My name is Sam\./);
    expect(messages.at(-1)).toEqual({ role: "user", content: WELCOME_BACK_CUE });
  });

  it("Remember callers off: no memory section, the first-time greeting", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id, { name: `Off${crypto.randomUUID().slice(0, 6)}`, rememberCallers: false });
    await rememberItem(db(env.DB), { userId: owner.user.id, echoId: echo.id }, { kind: "person", subject: "name", text: "My name is Sam.", sourceCallId: null, saidAt: Date.now() });
    const messages = await greet(owner, echo);
    expect(messages[0]!.content).not.toContain("Sam");
    expect(messages.at(-1)).toEqual({ role: "user", content: GREETING_CUE });
  });
});
