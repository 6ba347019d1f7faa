// Signing out closes the dashboard sockets that session opened (its change feed and its viewers of
// live calls, in every tab), and nobody else's: real sockets through the Worker.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PING_FRAME } from "../../../protocol/heartbeat";
import { CLOSE_SIGNED_OUT, SIGNED_OUT_REASON } from "../../../protocol/sockets";
import { runInDurableObject } from "cloudflare:test";
import { SESSION_COOKIE, createSession, sessionIdFromToken } from "../../../worker/auth/session";
import type { CallSession } from "../../../worker/call/CallSession";
import { callSessionUpgrade } from "../../../worker/call/internal-request";
import { SESSION_TAG_HEADER, sessionSocketTag } from "../../../worker/http/session-tag";
import { callCount, callRow, callStub, eventually, startTestCall } from "../support/call";
import { createEcho } from "../support/echoes";
import { db } from "../../../worker/db/client";
import { api, invite, say, startBriefCall, viewer } from "../support/live";
import { TEST_ORIGIN, type TestUser, createUser } from "../support/users";
import { type TestSocket, connect, openSocket } from "../support/ws";

/** The same user signed in on another device: a session of its own. */
async function anotherSession(user: TestUser): Promise<TestUser> {
  const { token } = await createSession(db(env.DB), user.user.id);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { user: user.user, cookie, headers: { Cookie: cookie, Origin: TEST_ORIGIN } };
}

const feed = (user: TestUser) => connect("/ws/feed", { cookie: user.cookie });

async function expectOpenFeed(socket: TestSocket): Promise<void> {
  socket.send(PING_FRAME);
  expect(await socket.next("pong")).toEqual({ type: "pong" });
}

describe("sign-out and open sockets", { timeout: 20_000 }, () => {
  it("closes the session's feed and viewer sockets in both its tabs; the user's other session and a guest keep watching", async () => {
    // The call itself is made from the user's other session (the signed-out session's own call ends: below).
    const owner = await createUser();
    const elsewhere = await anotherSession(owner);
    const call = await startBriefCall({ owner: elsewhere });
    const { callId } = call;
    const guest = await createUser();
    expect((await invite(owner, callId, guest.user.email)).status).toBe(201);

    const tabs = [await feed(owner), await feed(owner), await viewer(callId, owner), await viewer(callId, owner)];
    const otherFeed = await feed(elsewhere);
    const otherViewer = await viewer(callId, elsewhere);
    const guestViewer = await viewer(callId, guest);
    for (const v of [tabs[2]!, tabs[3]!, otherViewer, guestViewer]) await v.next("live_snapshot");

    const res = await api(owner, "POST", "/api/auth/sign-out");
    expect(res.status).toBe(200);
    for (const socket of tabs) expect(await socket.closed).toEqual({ code: CLOSE_SIGNED_OUT, reason: SIGNED_OUT_REASON });

    // The call goes on for everyone still signed in.
    await say(call.socket, "Are you still there?");
    for (const v of [otherViewer, guestViewer]) expect((await v.next<{ entry: { text: string } }>("live_entry")).entry.text).toBe("Are you still there?");
    await expectOpenFeed(otherFeed);
    expect(otherViewer.isClosed || guestViewer.isClosed).toBe(false);

    // The signed-out cookie cannot open them again…
    expect((await openSocket("/ws/feed", { cookie: owner.cookie })).response.status).toBe(401);
    expect((await openSocket(`/ws/live/${callId}`, { cookie: owner.cookie })).response.status).toBe(401);
    // …nor can an upgrade the routes let through just before the sign-out, reaching the objects after it.
    const tag = sessionSocketTag(sessionIdFromToken(owner.cookie.slice(`${SESSION_COOKIE}=`.length)));
    const feedUpgrade = new Request("https://user-feed/connect", { headers: { Upgrade: "websocket", [SESSION_TAG_HEADER]: tag } });
    expect((await env.USER_FEED.get(env.USER_FEED.idFromName(owner.user.id)).fetch(feedUpgrade)).status).toBe(401);
    const viewerUpgrade = callSessionUpgrade({ callId, userId: owner.user.id, role: "viewer", sessionTag: tag });
    expect((await runInDurableObject(callStub(callId), (instance: CallSession) => instance.fetch(viewerUpgrade))).status).toBe(401);
    for (const s of [otherFeed, otherViewer, guestViewer, call.socket]) s.close();
  });

  it("a test call the signed-out session is making ends (signed_out); one from the user's other session goes on", async () => {
    const mine = await startTestCall();
    const elsewhere = await anotherSession(mine.owner);
    const theirs = await startTestCall({ owner: elsewhere, echo: mine.echo });
    expect((await api(mine.owner, "POST", "/api/auth/sign-out")).status).toBe(200);
    expect(await mine.socket.next("call_ended")).toMatchObject({ type: "call_ended", callId: mine.callId, reason: "signed_out" });
    await mine.socket.closed;
    await eventually(async () => (await callRow(mine.callId))?.status === "completed");
    expect((await callRow(mine.callId))?.end_reason).toBe("signed_out");

    theirs.socket.send(PING_FRAME);
    expect(await theirs.socket.next("pong")).toEqual({ type: "pong" });
    expect((await callRow(theirs.callId))?.status).toBe("in-progress");
    theirs.socket.send({ type: "end_call" });
    await theirs.socket.next("call_ended");
  });

  it("a test call socket opened before the sign-out cannot start a call after it", async () => {
    const user = await createUser();
    const echo = await createEcho(user.user.id);
    const early = await connect("/ws/call", { cookie: user.cookie });
    expect((await api(user, "POST", "/api/auth/sign-out")).status).toBe(200);
    early.send({ type: "start_call", echoId: echo.id, userId: user.user.id, callType: "browser_test" });
    expect(await early.next("error")).toMatchObject({ code: "signed-out", error: SIGNED_OUT_REASON });
    expect(await callCount(user.user.id)).toBe(0);
    early.close();
  });

  it("signing out with no live call still closes the feed, and leaves other users' feeds alone", async () => {
    const a = await createUser();
    const b = await createUser();
    const aFeed = await feed(a);
    const bFeed = await feed(b);
    expect((await api(a, "POST", "/api/auth/sign-out")).status).toBe(200);
    expect(await aFeed.closed).toEqual({ code: CLOSE_SIGNED_OUT, reason: SIGNED_OUT_REASON });
    await expectOpenFeed(bFeed);
    bFeed.close();
  });

  it("a sign-in that replaces this browser's session closes the old session's dashboards", async () => {
    const email = `rotate-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signUp = await api(null, "POST", "/api/auth/sign-up", { email, password: "pass-word", displayName: "Rota" });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0]!;
    const old = await connect("/ws/feed", { cookie });
    const signIn = await exports.default.fetch(`${TEST_ORIGIN}/api/auth/sign-in`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: TEST_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "pass-word" }),
    });
    expect(signIn.status).toBe(200);
    expect(await old.closed).toEqual({ code: CLOSE_SIGNED_OUT, reason: SIGNED_OUT_REASON });
  });
});
