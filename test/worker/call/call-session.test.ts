// The browser test-call socket: upgrade checks, start/end lifecycle and D1 finalization.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, evictDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CALL_IDLE_TIMEOUT_MS } from "../../../protocol/call-messages";
import { PING_FRAME } from "../../../protocol/heartbeat";
import { CLOSE_PROTOCOL_VERSION, PROTOCOL_VERSION, PROTOCOL_VERSION_ERROR_CODE } from "../../../protocol/version";
import { callSessionUpgrade } from "../../../worker/call/internal-request";
import { MAX_TEST_CALLS_AT_ONCE } from "../../../worker/call/setup/browser-start";
import { ORPHAN_AFTER_MS } from "../../../worker/call/setup/test-call-slots";
import { createTestCallRow } from "../../../worker/db/call-writes";
import { db } from "../../../worker/db/client";
import { callCount, callRow, callStub, eventually, startTestCall, totals } from "../support/call";
import { createEcho } from "../support/echoes";
import { createUser } from "../support/users";
import { connect, openSocket } from "../support/ws";

describe("GET /ws/call upgrade", () => {
  it("refuses an unauthenticated upgrade with 401", async () => {
    const { response, socket } = await openSocket("/ws/call");
    expect(response.status).toBe(401);
    expect(socket).toBeNull();
  });

  it("refuses a foreign Origin with 403, even when signed in", async () => {
    const { cookie } = await createUser();
    const { response, socket } = await openSocket("/ws/call", { cookie, origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(socket).toBeNull();
    const missing = await openSocket("/ws/call", { cookie, origin: null });
    expect(missing.response.status).toBe(403);
  });

  it("answers a plain GET with 426", async () => {
    const { cookie } = await createUser();
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch("https://echo.test/ws/call", { headers: { Cookie: cookie } });
    expect(res.status).toBe(426);
  });

  it("refuses a missing or other protocol version with an error the page can show, then closes; no call starts", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const before = await callCount(owner.user.id);
    for (const protocolVersion of [null, "", "0", String(PROTOCOL_VERSION + 1), "1.0"]) {
      const { response, socket } = await openSocket("/ws/call", { cookie: owner.cookie, protocolVersion });
      expect(response.status).toBe(101);
      socket!.send({ type: "start_call", echoId: echo.id, userId: owner.user.id, callType: "browser_test" });
      const err = await socket!.next<{ error: string; code: string }>("error");
      expect(err.code).toBe(PROTOCOL_VERSION_ERROR_CODE);
      expect(err.error).toMatch(new RegExp(`this server speaks version ${PROTOCOL_VERSION}\\. Reload the page\\.$`));
      expect(await socket!.closed).toEqual({ code: CLOSE_PROTOCOL_VERSION, reason: err.error });
      expect(socket!.all("call_started")).toEqual([]);
    }
    expect(await callCount(owner.user.id)).toBe(before);
  });
});

describe("call lifecycle", () => {
  it("start_call creates the call in progress; end_call finalizes it once and says call_ended", async () => {
    const { owner, echo, socket, callId, provider } = await startTestCall();
    expect(provider).toBe("offline");
    const live = await callRow(callId);
    expect(live).toMatchObject({ status: "in-progress", user_id: owner.user.id, echo_id: echo.id, call_type: "browser_test", end_time: null });

    await new Promise((r) => setTimeout(r, 1100));
    socket.send({ type: "end_call" });
    // Microphone frames still in flight while the call ends are dropped without an error.
    for (let i = 0; i < 3; i++) socket.send({ type: "audio_data", data: "AAAAAA==", timestamp: Date.now() });
    socket.send({ type: "end_call" });
    const ended = await socket.next("call_ended");
    expect(socket.all("error")).toEqual([]);
    expect(ended).toMatchObject({ callId, reason: "caller_ended" });
    await socket.closed;

    const row = await callRow(callId);
    expect(row).toMatchObject({ status: "completed", end_reason: "caller_ended" });
    expect(row!.end_time! - row!.start_time).toBeGreaterThanOrEqual(1000);
    expect(row!.duration).toBe(Math.round((row!.end_time! - row!.start_time) / 1000));
    expect(await totals(owner.user.id, echo.id)).toEqual({ user: 1, echo: 1 });

    // A replayed alarm or a second finalization counts nothing.
    await runDurableObjectAlarm(callStub(callId));
    expect(await totals(owner.user.id, echo.id)).toEqual({ user: 1, echo: 1 });
  });

  it("tells the owner's open dashboards when the call starts and ends", async () => {
    const owner = await createUser();
    const feed = await connect("/ws/feed", { cookie: owner.cookie });
    const { socket, callId } = await startTestCall({ owner });
    expect(await feed.next("live_call_started")).toEqual({ type: "live_call_started", callId });
    expect(await feed.next("call_changed")).toEqual({ type: "call_changed", callId });
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    expect(await feed.next("live_call_ended")).toEqual({ type: "live_call_ended", callId });
    expect(await feed.next("call_changed")).toEqual({ type: "call_changed", callId });
    feed.close();
  });

  it("while the call runs, its new lines reach D1 on the sync alarm and the owner's dashboards are told, so Call History shows them", async () => {
    const owner = await createUser();
    const feed = await connect("/ws/feed", { cookie: owner.cookie });
    const { socket, callId } = await startTestCall({ owner });
    await feed.next("call_changed"); // the call started
    socket.send({ type: "text_input", text: "My tomatoes are finally growing." });
    await socket.next((m) => m.type === "transcription" && JSON.stringify(m).includes("tomatoes"), 8000); // stored before it is sent
    await runDurableObjectAlarm(callStub(callId));
    expect(await feed.next("call_changed", 8000)).toEqual({ type: "call_changed", callId });
    const { exports } = await import("cloudflare:workers");
    const list = (await (await exports.default.fetch("https://echo.test/api/calls", { headers: { Cookie: owner.cookie } })).json()) as { calls: Array<{ id: string; status: string; preview: string }> };
    expect(list.calls[0]).toMatchObject({ id: callId, status: "in-progress" });
    expect(list.calls[0]!.preview).toContain("My tomatoes are finally growing.");
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    feed.close();
  });

  it("finalizes a call whose client just closed the socket", async () => {
    const { owner, echo, socket, callId } = await startTestCall();
    socket.close(1001, "tab closed");
    const row = await eventually(async () => {
      const r = await callRow(callId);
      return r?.status !== "in-progress" ? r : null;
    });
    expect(row).toMatchObject({ status: "abandoned", end_reason: "connection_lost" });
    expect(await totals(owner.user.id, echo.id)).toEqual({ user: 1, echo: 1 });
  });

  it("ends a call whose socket stays open but silent past the idle timeout (alarm)", async () => {
    const { owner, echo, socket, callId } = await startTestCall();
    expect(await runDurableObjectAlarm(callStub(callId))).toBe(true); // a live call: just a sync
    expect((await callRow(callId))?.status).toBe("in-progress");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + CALL_IDLE_TIMEOUT_MS + 1000);
      expect(await runDurableObjectAlarm(callStub(callId))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(await socket.next("call_ended")).toMatchObject({ callId, reason: "idle_timeout" });
    expect(await callRow(callId)).toMatchObject({ status: "abandoned", end_reason: "idle_timeout" });
    expect(await totals(owner.user.id, echo.id)).toEqual({ user: 1, echo: 1 });
  });

  it("closes a socket that never starts a call once the grace alarm fires, with a readable error", async () => {
    const user = await createUser();
    const callId = crypto.randomUUID();
    const res = await callStub(callId).fetch(callSessionUpgrade({ callId, userId: user.user.id, role: "browser" }));
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: unknown[] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener("close", (ev) => resolve({ code: ev.code, reason: ev.reason })));
    ws.addEventListener("message", (ev) => messages.push(JSON.parse(ev.data as string)));
    ws.accept();
    ws.send(PING_FRAME); // a heartbeat is not a call
    await eventually(async () => messages.length > 0);
    expect(await runDurableObjectAlarm(callStub(callId))).toBe(true);
    expect(await closed).toEqual({ code: 1008, reason: "No call was started." });
    expect(messages).toEqual([{ type: "pong" }, { type: "error", error: "No call was started on this connection.", code: "not-started" }]);
    expect(await callRow(callId)).toBeNull();
  });

  it("a client that pings while no audio flows (muted) stays in the call", async () => {
    const { socket, callId } = await startTestCall();
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(t0 + CALL_IDLE_TIMEOUT_MS - 1000);
      socket.send(PING_FRAME);
      expect(await socket.next()).toEqual({ type: "pong" }); // the heartbeat's answer, and no error
      vi.setSystemTime(t0 + CALL_IDLE_TIMEOUT_MS + 2000);
      await runDurableObjectAlarm(callStub(callId));
      expect((await callRow(callId))?.status).toBe("in-progress");
      vi.setSystemTime(t0 + 2 * CALL_IDLE_TIMEOUT_MS);
      await runDurableObjectAlarm(callStub(callId));
    } finally {
      vi.useRealTimers();
    }
    expect(await socket.next("call_ended")).toMatchObject({ reason: "idle_timeout" });
    expect(socket.all("error")).toEqual([]);
  });

  it("finalizes through the alarm when the client vanished while the object was away", { timeout: 30_000 }, async () => {
    const { owner, echo, socket, callId } = await startTestCall();
    // The greeting the Echo says on pickup has been said (a reply under way holds the object's work open).
    await socket.next((m) => m.type === "ai_response" && m.final === true, 20_000);
    const stub = callStub(callId);
    await evictDurableObject(stub, { webSockets: "close" });
    await socket.closed;
    expect((await callRow(callId))?.status).toBe("in-progress");
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await callRow(callId)).toMatchObject({ status: "abandoned", end_reason: "connection_lost" });
    expect(await totals(owner.user.id, echo.id)).toEqual({ user: 1, echo: 1 });
  });
});

describe("test calls at once", () => {
  it(`a user has at most ${MAX_TEST_CALLS_AT_ONCE} test calls going: the next start_call is refused and makes no call; ending one frees a place`, async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const going = [];
    for (let i = 0; i < MAX_TEST_CALLS_AT_ONCE; i++) going.push(await startTestCall({ owner, echo }));
    const other = await startTestCall(); // someone else's calls do not count

    const extra = await connect("/ws/call", { cookie: owner.cookie });
    extra.send({ type: "start_call", echoId: echo.id, userId: owner.user.id, callType: "browser_test" });
    const refused = await extra.next<{ code: string; error: string }>("error");
    expect(refused).toMatchObject({ code: "too-many-calls", error: `You already have ${MAX_TEST_CALLS_AT_ONCE} test calls going. End one of them to start another.` });
    expect(extra.all("call_started")).toEqual([]);
    expect(await callCount(owner.user.id)).toBe(MAX_TEST_CALLS_AT_ONCE);

    going[0]!.socket.send({ type: "end_call" });
    await going[0]!.socket.next("call_ended");
    const again = await startTestCall({ owner, echo });
    expect(await callRow(again.callId)).toMatchObject({ status: "in-progress", call_type: "browser_test" });
    for (const c of [...going.slice(1), again, other]) c.socket.send({ type: "end_call" });
    extra.close();
  });

  it("rows in progress with no call behind them (setup died) free their places once they are a minute old", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const orphan = (id: string, startTime: number) =>
      createTestCallRow(db(env.DB), { id, userId: owner.user.id, echoId: echo.id, startTime }, MAX_TEST_CALLS_AT_ONCE);
    const young = [crypto.randomUUID(), crypto.randomUUID()];
    const old = crypto.randomUUID();
    expect(await orphan(old, Date.now() - ORPHAN_AFTER_MS - 5_000)).toBe(true);
    for (const id of young) expect(await orphan(id, Date.now())).toBe(true);

    // The old orphan's place is freed (its object holds no call), and the call starts.
    const started = await startTestCall({ owner, echo });
    expect(await callRow(old)).toBeNull();
    expect(await callRow(started.callId)).toMatchObject({ status: "in-progress" });

    // The young ones may still be setting up: they count.
    const extra = await connect("/ws/call", { cookie: owner.cookie });
    extra.send({ type: "start_call", echoId: echo.id, userId: owner.user.id, callType: "browser_test" });
    expect(await extra.next<{ code: string }>("error")).toMatchObject({ code: "too-many-calls" });
    for (const id of young) expect(await callRow(id)).toMatchObject({ status: "in-progress" });
    started.socket.send({ type: "end_call" });
    extra.close();
  });
});

describe("bad input: an error, nothing changes, the socket keeps working", () => {
  it("rejects malformed, unknown, mistyped and oversized frames and audio before start_call", async () => {
    const { user, cookie } = await createUser();
    const echo = await createEcho(user.id);
    const socket = await connect("/ws/call", { cookie });
    const bad: [string, string][] = [
      ["{not json", "invalid-json"],
      ["[1,2,3]", "invalid-message"],
      [JSON.stringify({ hello: 1 }), "invalid-message"],
      [JSON.stringify({ type: "dance" }), "unknown-type"],
      [JSON.stringify({ type: "start_call", echoId: 42, userId: user.id, callType: "browser_test" }), "invalid-message"],
      [JSON.stringify({ type: "start_call", echoId: echo.id, userId: user.id, callType: "phone" }), "invalid-message"],
      [JSON.stringify({ type: "audio_data", data: 5, timestamp: 1 }), "invalid-message"],
      [JSON.stringify({ type: "audio_data", data: "AAAA", timestamp: "now" }), "invalid-message"],
      [JSON.stringify({ type: "text_input", text: "   " }), "invalid-message"],
      [JSON.stringify({ type: "audio_data", data: "A".repeat(250_000), timestamp: 1 }), "frame-too-large"],
      [JSON.stringify({ type: "audio_data", data: "AAAA", timestamp: 1 }), "not-started"],
      [JSON.stringify({ type: "text_input", text: "hello" }), "not-started"],
      [JSON.stringify({ type: "end_call" }), "not-started"],
    ];
    for (const [frame, code] of bad) {
      socket.send(frame);
      const err = await socket.next<{ error: string; code: string }>("error");
      expect(err.code, frame.slice(0, 60)).toBe(code);
      expect(err.error.length).toBeGreaterThan(5);
    }
    expect(await callCount(user.id)).toBe(0);

    socket.send({ type: "start_call", echoId: echo.id, userId: user.id, callType: "browser_test" });
    const started = await socket.next<{ callId: string }>("call_started");
    expect((await callRow(started.callId))?.status).toBe("in-progress");

    socket.send({ type: "audio_data", data: "not base64!!", timestamp: 1 });
    expect(await socket.next("error")).toMatchObject({ code: "invalid-audio" });
    // One byte is not PCM16.
    socket.send({ type: "audio_data", data: "AA==", timestamp: 1 });
    expect(await socket.next("error")).toMatchObject({ code: "invalid-audio" });
    socket.send({ type: "start_call", echoId: echo.id, userId: user.id, callType: "browser_test" });
    expect(await socket.next("error")).toMatchObject({ code: "already-started" });
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    expect(await callCount(user.id)).toBe(1);
  });

  it("refuses another user's Echo, an inactive Echo and someone else's user id, creating nothing", async () => {
    const me = await createUser();
    const other = await createUser();
    const mine = await createEcho(me.user.id);
    const theirs = await createEcho(other.user.id);
    const inactive = await createEcho(me.user.id, { isActive: false });
    const socket = await connect("/ws/call", { cookie: me.cookie });
    const attempts = [
      { echoId: theirs.id, userId: me.user.id, code: "echo-not-found" },
      { echoId: inactive.id, userId: me.user.id, code: "echo-not-found" },
      { echoId: "no-such-echo", userId: me.user.id, code: "echo-not-found" },
      { echoId: theirs.id, userId: other.user.id, code: "forbidden" },
      { echoId: mine.id, userId: other.user.id, code: "forbidden" },
    ];
    for (const a of attempts) {
      socket.send({ type: "start_call", echoId: a.echoId, userId: a.userId, callType: "browser_test" });
      expect(await socket.next("error"), JSON.stringify(a)).toMatchObject({ code: a.code });
    }
    expect(await callCount(me.user.id)).toBe(0);
    expect(await callCount(other.user.id)).toBe(0);
    const anyCalls = await env.DB.prepare("select count(*) as n from calls where echo_id in (?, ?)").bind(theirs.id, inactive.id).first<{ n: number }>();
    expect(anyCalls?.n).toBe(0);

    socket.send({ type: "start_call", echoId: mine.id, userId: me.user.id, callType: "browser_test" });
    expect(await socket.next("call_started")).toMatchObject({ echoName: mine.name, provider: "offline" });
    socket.close();
  });
});
