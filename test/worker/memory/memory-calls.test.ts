// Caller memory over real test calls (offline engine): made at the end of a browser call from the
// caller's own lines, used at the start of the next (the local engine welcomes the caller back by name
// and asks about the open follow-up), kept per (user, Echo), and not made or used with "Remember
// callers" off.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MemoryList } from "../../../protocol/memory";
import { callRow, eventually, startTestCall } from "../support/call";
import { createEcho, type EchoRow } from "../support/echoes";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";
import type { TestSocket } from "../support/ws";

type Msg = Record<string, unknown> & { type?: string; text?: string };
const finalReply = (m: Msg) => m.type === "ai_response" && m.final === true;

async function memoryOf(user: TestUser, echoId: string): Promise<MemoryList> {
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${echoId}/memory`, { headers: user.headers });
  expect(res.status).toBe(200);
  return res.json();
}

/** A call: the greeting it opened with, then each line typed and answered, then the end. */
async function call(owner: TestUser, echo: EchoRow, lines: string[]): Promise<{ greeting: string; callId: string }> {
  const started = await startTestCall({ owner, echo });
  const greeting = await started.socket.next<Msg>(finalReply, 20_000);
  for (const text of lines) {
    started.socket.send({ type: "text_input", text });
    await started.socket.next(finalReply, 20_000);
  }
  await end(started.socket);
  return { greeting: String(greeting.text), callId: started.callId };
}

async function end(socket: TestSocket): Promise<void> {
  socket.send({ type: "end_call" });
  await socket.next("call_ended", 10_000);
}

const SAID = ["Hi, my name is Sam.", "My sister Maria is getting married on Saturday and I dread the speech.", "Please ask me about the speech at Maria's wedding next time."];

describe("caller memory across browser calls", { timeout: 90_000 }, () => {
  it("is made at the end of a call and welcomes the caller back at the start of the next", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const first = await call(owner, echo, SAID);
    expect(first.greeting).not.toContain("Welcome back");
    expect((await callRow(first.callId)) as unknown as { caller_verified: number }).toMatchObject({ caller_verified: 1 });

    const memory = await eventually(async () => {
      const m = await memoryOf(owner, echo.id);
      return m.items.some((i) => i.kind === "follow_up") ? m : null;
    }, 15_000);
    expect(memory.rememberCallers).toBe(true);
    const byKind = (kind: string) => memory.items.filter((i) => i.kind === kind).map((i) => i.text);
    expect(byKind("person")).toEqual(expect.arrayContaining(["My name is Sam.", "Maria is my sister."]));
    expect(byKind("follow_up")).toEqual(["Ask me about the speech at Maria's wedding next time."]);
    expect(byKind("concern")).toEqual(["I dread the speech."]);
    expect(byKind("event")).toEqual(["My sister Maria is getting married on Saturday and I dread the speech."]);
    expect(memory.items.every((i) => i.sourceCallId === first.callId)).toBe(true);

    const second = await call(owner, echo, []);
    expect(second.greeting).toContain("Welcome back, Sam! How did the speech at Maria's wedding go?");
  });

  it("stays with its own user and Echo", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const otherEcho = await createEcho(owner.user.id, { name: "Nova" });
    const stranger = await createUser();
    const strangersEcho = await createEcho(stranger.user.id);
    await call(owner, echo, ["My name is Robin."]);
    await eventually(async () => (await memoryOf(owner, echo.id)).items.length > 0, 15_000);

    expect((await memoryOf(owner, otherEcho.id)).items).toEqual([]);
    expect((await call(owner, otherEcho, [])).greeting).not.toContain("Robin");
    // Another user's view of the Echo: 404, and their own Echo knows nothing.
    const peek = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${echo.id}/memory`, { headers: stranger.headers });
    expect(peek.status).toBe(404);
    expect((await memoryOf(stranger, strangersEcho.id)).items).toEqual([]);
    expect((await call(stranger, strangersEcho, [])).greeting).not.toContain("Robin");
    // A start_call naming the owner's Echo from the stranger's session is refused (no Echo of theirs).
    const rows = await env.DB.prepare("select count(*) as n from memories where user_id = ?").bind(stranger.user.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("with Remember callers off, nothing is stored and nothing is used", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    await call(owner, echo, ["My name is Alex."]);
    await eventually(async () => (await memoryOf(owner, echo.id)).items.length > 0, 15_000);

    const off = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${echo.id}`, {
      method: "PATCH",
      headers: { ...owner.headers, "content-type": "application/json" },
      body: JSON.stringify({ rememberCallers: false }),
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ rememberCallers: false });

    const next = await call(owner, echo, ["Ask me about the marathon."]);
    expect(next.greeting).not.toContain("Alex");
    // The summary runs first, then memory: once the summary is there, memory would have been made.
    await eventually(async () => {
      const row = await env.DB.prepare("select status from call_summaries where call_id = ?").bind(next.callId).first<{ status: string }>();
      return row?.status === "ready";
    }, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    const memory = await memoryOf(owner, echo.id);
    expect(memory.rememberCallers).toBe(false);
    expect(memory.items.some((i) => i.text.includes("marathon"))).toBe(false);
  });
});
