// The change feed: real WebSockets through the Worker to the user's UserFeed Durable Object.
import { env, exports } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FeedEvent } from "../../../protocol/feed";
import { PING_FRAME } from "../../../protocol/heartbeat";
import { CLOSE_PROTOCOL_VERSION, PROTOCOL_VERSION } from "../../../protocol/version";
import { publishToUser } from "../../../worker/feed/publish";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, jsonHeaders } from "../support/users";
import { connect, openSocket } from "../support/ws";

const feedOf = (userId: string) => env.USER_FEED.get(env.USER_FEED.idFromName(userId));

describe("/ws/feed", () => {
  it("delivers a user's Echo changes to both of their open dashboards and to nobody else", async () => {
    const a = await createUser();
    const b = await createUser();
    const a1 = await connect("/ws/feed", { cookie: a.cookie });
    const a2 = await connect("/ws/feed", { cookie: a.cookie });
    const b1 = await connect("/ws/feed", { cookie: b.cookie });

    const created = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes`, {
      method: "POST",
      headers: jsonHeaders(a),
      body: JSON.stringify({ name: "Nova", personality: "friendly", expertise: "general", voiceStyle: "warm" }),
    });
    const { id } = (await created.json()) as { id: string };
    for (const s of [a1, a2]) expect(await s.next("echo_changed")).toEqual({ type: "echo_changed", echoId: id });

    const patched = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${id}`, {
      method: "PATCH",
      headers: jsonHeaders(a),
      body: JSON.stringify({ isActive: false }),
    });
    expect(patched.status).toBe(200);
    for (const s of [a1, a2]) expect(await s.next("echo_changed")).toEqual({ type: "echo_changed", echoId: id });

    await publishToUser(env, a.user.id, { type: "call_changed", callId: "c1" });
    for (const s of [a1, a2]) expect(await s.next()).toEqual({ type: "call_changed", callId: "c1" });

    expect(await b1.quiet(200)).toEqual([]);
    for (const s of [a1, a2, b1]) s.close();
  });

  it("does not tell anyone when a change is refused", async () => {
    const a = await createUser();
    const b = await createUser();
    const echo = await createEcho(a.user.id);
    const a1 = await connect("/ws/feed", { cookie: a.cookie });
    const b1 = await connect("/ws/feed", { cookie: b.cookie });
    const res = await exports.default.fetch(`${TEST_ORIGIN}/api/echoes/${echo.id}`, {
      method: "PATCH",
      headers: jsonHeaders(b),
      body: JSON.stringify({ isActive: false }),
    });
    expect(res.status).toBe(404);
    expect(await a1.quiet(150)).toEqual([]);
    expect(await b1.quiet(0)).toEqual([]);
    a1.close();
    b1.close();
  });

  it("refuses a foreign or missing Origin with 403 and a signed-out upgrade with 401", async () => {
    const a = await createUser();
    const foreign = await openSocket("/ws/feed", { cookie: a.cookie, origin: "https://evil.example" });
    expect(foreign.response.status).toBe(403);
    expect(foreign.socket).toBeNull();
    const missing = await openSocket("/ws/feed", { cookie: a.cookie, origin: null });
    expect(missing.response.status).toBe(403);
    const anon = await openSocket("/ws/feed");
    expect(anon.response.status).toBe(401);
    expect(await anon.response.json()).toMatchObject({ error: { code: "unauthenticated" } });
    const bogus = await openSocket("/ws/feed", { cookie: "echo_session=not-a-real-token" });
    expect(bogus.response.status).toBe(401);
  });

  it("answers a plain GET with 426", async () => {
    const a = await createUser();
    const res = await exports.default.fetch(`${TEST_ORIGIN}/ws/feed`, { headers: a.headers });
    expect(res.status).toBe(426);
  });

  it("renews an ageing session cookie on the upgrade", async () => {
    const a = await createUser({}, { sessionCreatedAt: Date.now() - 20 * 24 * 3600 * 1000 });
    const { response, socket } = await openSocket("/ws/feed", { cookie: a.cookie });
    expect(response.status).toBe(101);
    expect(response.headers.get("set-cookie")).toMatch(/^__Host-echo_session=.+; .*HttpOnly/i);
    socket?.close();
  });

  it("answers the heartbeat (the runtime's auto-response, or the object for a ping spelt otherwise) and closes on any other message", async () => {
    const a = await createUser();
    const s = await connect("/ws/feed", { cookie: a.cookie });
    s.send(PING_FRAME);
    expect(await s.next()).toEqual({ type: "pong" });
    s.send('{ "type": "ping" }');
    expect(await s.next()).toEqual({ type: "pong" });
    s.send({ type: "subscribe" });
    expect(await s.closed).toMatchObject({ code: 1003, reason: expect.stringMatching(/only ping.*Unknown message type "subscribe"/) });
  });

  it("refuses a missing or other protocol version: the socket closes at once with a readable reason", async () => {
    const a = await createUser();
    for (const protocolVersion of [null, "0", String(PROTOCOL_VERSION + 1)]) {
      const { response, socket } = await openSocket("/ws/feed", { cookie: a.cookie, protocolVersion });
      expect(response.status).toBe(101);
      const closed = await socket!.closed;
      expect(closed.code).toBe(CLOSE_PROTOCOL_VERSION);
      expect(closed.reason).toMatch(new RegExp(`speaks version ${PROTOCOL_VERSION}\\. Reload the page\\.$`));
      expect(socket!.received).toEqual([]);
    }
    expect(await feedOf(a.user.id).socketCount()).toBe(0);
  });

  it("drops closed sockets and keeps hibernated ones", async () => {
    const a = await createUser();
    const s1 = await connect("/ws/feed", { cookie: a.cookie });
    const s2 = await connect("/ws/feed", { cookie: a.cookie });
    const stub = feedOf(a.user.id);
    expect(await stub.socketCount()).toBe(2);
    s1.close();
    await expect.poll(() => stub.socketCount()).toBe(1);

    await evictDurableObject(stub); // hibernate: the object goes away, the socket stays open
    const event: FeedEvent = { type: "live_call_started", callId: "live-1" };
    await stub.publish(event);
    expect(await s2.next()).toEqual(event);
    expect(s2.isClosed).toBe(false);
    s2.close();
  });
});
