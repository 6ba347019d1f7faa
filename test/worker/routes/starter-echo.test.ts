// A new account's starter Echo: made at sign-up (email and password), active and marked as the starter,
// editable and deactivatable like any other, and callable at once from the browser (the Echo greets first).
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Echo, EchoList } from "../../../protocol/echo";
import { SESSION_COOKIE } from "../../../worker/auth/session";
import { STARTER_ECHO } from "../../../worker/db/echoes";
import { TEST_ORIGIN } from "../support/users";
import { connect } from "../support/ws";

let seq = 0;

async function signUp(): Promise<{ cookie: string; userId: string }> {
  const email = `starter${++seq}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/auth/sign-up`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${seq}` },
    body: JSON.stringify({ email, password: "hunter22", displayName: "Starter Tester" }),
  });
  expect(res.status).toBe(201);
  const token = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.slice(SESSION_COOKIE.length + 1).split(";")[0]!;
  const { user } = (await res.json()) as { user: { id: string } };
  return { cookie: `${SESSION_COOKIE}=${token}`, userId: user.id };
}

async function api<T>(cookie: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await exports.default.fetch(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { Origin: TEST_ORIGIN, Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe("the starter Echo", () => {
  it("a new account has exactly one, active and marked as the starter", async () => {
    const { cookie, userId } = await signUp();
    const { body } = await api<EchoList>(cookie, "GET", "/api/echoes?active=true");
    expect(body.echoes).toHaveLength(1);
    expect(body.echoes[0]).toMatchObject({ ...STARTER_ECHO, userId, starter: true, isActive: true, totalCalls: 0 });
  });

  it("is editable and can be deactivated; an Echo the user creates is not a starter", async () => {
    const { cookie } = await signUp();
    const [starter] = (await api<EchoList>(cookie, "GET", "/api/echoes")).body.echoes;
    const edited = await api<Echo>(cookie, "PUT", `/api/echoes/${starter!.id}`, { ...STARTER_ECHO, name: "Robin", personality: "calm" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Robin", personality: "calm" });
    const off = await api<Echo>(cookie, "PATCH", `/api/echoes/${starter!.id}`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    expect((await api<EchoList>(cookie, "GET", "/api/echoes?active=true")).body.echoes).toEqual([]);
    const mine = await api<Echo>(cookie, "POST", "/api/echoes", { ...STARTER_ECHO, name: "Mine" });
    expect(mine.status).toBe(201);
    expect(mine.body.starter).toBe(false);
  });

  it("takes a browser test call with no setup, and greets the caller first", async () => {
    const { cookie, userId } = await signUp();
    const [starter] = (await api<EchoList>(cookie, "GET", "/api/echoes")).body.echoes;
    const socket = await connect("/ws/call", { cookie });
    socket.send({ type: "start_call", echoId: starter!.id, userId, callType: "browser_test" });
    await socket.next("call_started");
    // Nothing is said or typed: the first words of the call are the Echo's.
    const greeting = await socket.next<{ text: string; entry: { speaker: string } }>("ai_response", 8000);
    expect(greeting.entry.speaker).toBe("assistant");
    expect(greeting.text).toContain(STARTER_ECHO.name);
    expect(socket.all("transcription")).toEqual([]);
    socket.send({ type: "end_call" });
    await socket.next("call_ended", 10_000);
  });
});
