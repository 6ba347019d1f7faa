// A dashboard socket (the change feed, a live call's viewer) closes when the session that opened it
// reaches the expiry it had then, so an expired session keeps no socket receiving; the page's
// reconnection is an upgrade like any other: refused for the expired session, accepted for a live one.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PING_FRAME } from "../../../protocol/heartbeat";
import { CLOSE_SESSION_EXPIRED, SESSION_EXPIRED_REASON } from "../../../protocol/sockets";
import { SESSION_MAX_AGE_MS } from "../../../worker/auth/session";
import { callStub, startTestCall } from "../support/call";
import { invite, viewer } from "../support/live";
import { type TestUser, createUser } from "../support/users";
import { connect, openSocket } from "../support/ws";

const EXPIRES_IN_MS = 1_500;

/** A user whose session ends in EXPIRES_IN_MS at its absolute lifetime (so using it cannot renew it). */
async function userWhoseSessionEndsSoon(): Promise<TestUser> {
  const user = await createUser();
  const now = Date.now();
  await env.DB.prepare("update sessions set created_at = ?, expires_at = ? where user_id = ?")
    .bind(now + EXPIRES_IN_MS - SESSION_MAX_AGE_MS, now + EXPIRES_IN_MS, user.user.id)
    .run();
  return user;
}

const pastExpiry = () => new Promise((resolve) => setTimeout(resolve, EXPIRES_IN_MS + 200));

describe("dashboard sockets at their session's expiry", () => {
  it("the feed: the expired session's socket closes at the object's alarm and cannot reconnect; another session's stays", async () => {
    const ending = await userWhoseSessionEndsSoon();
    const expiring = await connect("/ws/feed", { cookie: ending.cookie });
    const other = await createUser();
    const lasting = await connect("/ws/feed", { cookie: other.cookie });
    const feedOf = (u: TestUser) => env.USER_FEED.get(env.USER_FEED.idFromName(u.user.id));

    await pastExpiry();
    await runDurableObjectAlarm(feedOf(ending)); // (if it has not fired on its own already)
    expect(await expiring.closed).toEqual({ code: CLOSE_SESSION_EXPIRED, reason: SESSION_EXPIRED_REASON });
    expect((await openSocket("/ws/feed", { cookie: ending.cookie })).response.status).toBe(401);
    expect(await runDurableObjectAlarm(feedOf(other))).toBe(true); // run early: its session is 30 days from its expiry
    lasting.send(PING_FRAME);
    expect(await lasting.next("pong")).toEqual({ type: "pong" });
    expect(await runDurableObjectAlarm(feedOf(other))).toBe(true); // …and it is set again for then
    lasting.close();
  });

  it("a live call's viewer: closed by the call's alarm once its session expired; the owner's own view stays", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await userWhoseSessionEndsSoon();
    expect((await invite(owner, callId, guest.user.email)).status).toBe(201);
    const watching = await viewer(callId, guest);
    await watching.next("live_snapshot");
    const ownerWatching = await viewer(callId, owner);
    await ownerWatching.next("live_snapshot");

    expect(await runDurableObjectAlarm(callStub(callId))).toBe(true); // before the expiry: nothing closes
    watching.send(PING_FRAME);
    expect(await watching.next("pong")).toEqual({ type: "pong" });
    await pastExpiry();
    expect(await runDurableObjectAlarm(callStub(callId))).toBe(true);
    expect(await watching.closed).toEqual({ code: CLOSE_SESSION_EXPIRED, reason: SESSION_EXPIRED_REASON });
    expect((await openSocket(`/ws/live/${callId}`, { cookie: guest.cookie })).response.status).toBe(401);
    ownerWatching.send(PING_FRAME);
    expect(await ownerWatching.next("pong")).toEqual({ type: "pong" });
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });
});
