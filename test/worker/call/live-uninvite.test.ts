// Taking an invitation back (DELETE /api/live-calls/:id/participants/:userId, owner only): the call leaves
// the person's Live Calls list, the views they have open close, and they can open none again, during the
// call or after it. And how many people one call can be shared with.
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PING_FRAME } from "../../../protocol/heartbeat";
import { type InviteResponse, type LiveCallList, MAX_INVITED_PER_CALL, participantPath } from "../../../protocol/live";
import type { CallSession } from "../../../worker/call/CallSession";
import { callSessionUpgrade } from "../../../worker/call/internal-request";
import { db } from "../../../worker/db/client";
import { recordJoin } from "../../../worker/db/live-calls";
import { callRow, callStub, eventually, startTestCall } from "../support/call";
import { api, invite, viewer } from "../support/live";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";
import { connect, openSocket } from "../support/ws";

const listOf = async (u: TestUser) => ((await (await api(u, "GET", "/api/live-calls")).json()) as LiveCallList).calls;

describe("DELETE /api/live-calls/:id/participants/:userId", () => {
  it("closes the removed person's open views and feed-drops the call from their list; they cannot come back", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    const other = await createUser();
    await invite(owner, callId, guest.user.email);
    await invite(owner, callId, other.user.email);
    const guestFeed = await connect("/ws/feed", { cookie: guest.cookie });
    const watching = await viewer(callId, guest);
    await watching.next("live_snapshot");
    const otherWatching = await viewer(callId, other);
    await otherWatching.next("live_snapshot");
    const ownerWatching = await viewer(callId, owner);
    await ownerWatching.next("live_snapshot");

    const res = await api(owner, "DELETE", participantPath(callId, guest.user.id));
    expect(res.status).toBe(204);
    expect(await watching.closed).toEqual({ code: 1008, reason: "This call is no longer shared with you." });
    expect(await guestFeed.next("live_call_ended")).toEqual({ type: "live_call_ended", callId });
    expect(await listOf(guest)).toEqual([]);
    expect((await listOf(owner))[0]!.participants.map((p) => p.userId)).toEqual([other.user.id]);
    expect((await openSocket(`/ws/live/${callId}`, { cookie: guest.cookie })).response.status).toBe(404);
    // Everyone else keeps watching.
    for (const still of [otherWatching, ownerWatching]) {
      still.send(PING_FRAME);
      expect(await still.next("pong")).toEqual({ type: "pong" });
    }

    // After the call, too: the other participant still sees it ended; once removed, they no longer do.
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    await eventually(async () => (await callRow(callId))?.status === "completed");
    expect((await openSocket(`/ws/live/${callId}`, { cookie: other.cookie })).response.status).toBe(101);
    expect((await api(owner, "DELETE", participantPath(callId, other.user.id))).status).toBe(204);
    expect((await openSocket(`/ws/live/${callId}`, { cookie: other.cookie })).response.status).toBe(404);
    guestFeed.close();
  });

  it("a view or a join that raced the removal (checked on the old invitation) does not bring it back", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    await invite(owner, callId, guest.user.email);
    const invitedAt = (await env.DB.prepare("select invited_at as t from call_participants where call_id = ? and user_id = ?").bind(callId, guest.user.id).first<{ t: number }>())!.t;
    expect((await api(owner, "DELETE", participantPath(callId, guest.user.id))).status).toBe(204);

    // Upgrades the route let through before the removal, reaching the call's object after it.
    const late = await runInDurableObject(callStub(callId), (instance: CallSession) =>
      instance.fetch(callSessionUpgrade({ callId, userId: guest.user.id, role: "viewer", invitedAt })),
    );
    expect(late.status).toBe(404);
    expect(await late.text()).toBe("This call is no longer shared with you.");
    expect(await recordJoin(db(env.DB), { callId, userId: guest.user.id, owner: false, now: Date.now() })).toBeNull();
    expect(await listOf(guest)).toEqual([]);

    // Invited again: views open again.
    expect((await invite(owner, callId, guest.user.email)).status).toBe(201);
    const again = await viewer(callId, guest);
    await again.next("live_snapshot");
    again.close();
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("a removal that reached the call's object but not the list (its answer timed out: 503) is undone by inviting again", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    await invite(owner, callId, guest.user.email);
    // What the route's first step does; the row's removal after it never ran.
    await callStub(callId).uninvited(guest.user.id, Date.now());
    expect((await openSocket(`/ws/live/${callId}`, { cookie: guest.cookie })).response.status).toBe(404);
    expect((await listOf(owner))[0]!.participants.map((p) => p.userId)).toEqual([guest.user.id]); // still listed

    // The owner invites them again: the invitation is renewed, and they can watch.
    await new Promise((r) => setTimeout(r, 5)); // a later millisecond than the removal's
    expect((await invite(owner, callId, guest.user.email)).status).toBe(201);
    const again = await viewer(callId, guest);
    await again.next("live_snapshot");
    again.close();
    expect((await listOf(owner))[0]!.participants.map((p) => p.userId)).toEqual([guest.user.id]);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("only the owner may remove; removing again is no error; the owner cannot remove themselves", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    const stranger = await createUser();
    await invite(owner, callId, guest.user.email);
    const path = participantPath(callId, guest.user.id);

    expect((await api(guest, "DELETE", path)).status).toBe(404); // a participant is not the owner
    expect((await api(stranger, "DELETE", path)).status).toBe(404);
    expect((await api(null, "DELETE", path)).status).toBe(401);
    const foreign = await exports.default.fetch(`${TEST_ORIGIN}${path}`, { method: "DELETE", headers: { Cookie: owner.cookie, Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const self = await api(owner, "DELETE", participantPath(callId, owner.user.id));
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ error: { code: "uninvite-self" } });
    expect((await listOf(guest)).map((c) => c.id)).toEqual([callId]); // nothing above changed anything

    expect((await api(owner, "DELETE", path)).status).toBe(204);
    expect((await api(owner, "DELETE", path)).status).toBe(204);
    expect((await api(owner, "DELETE", participantPath(crypto.randomUUID(), guest.user.id))).status).toBe(404);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });
});

describe("how many people a call can be shared with", () => {
  it(`${MAX_INVITED_PER_CALL} at most (the owner's own join not counted); re-inviting one of them still works`, { timeout: 30_000 }, async () => {
    const { owner, callId, socket } = await startTestCall();
    expect((await api(owner, "POST", `/api/live-calls/${callId}/join`)).status).toBe(200); // the owner's own row
    const people = await Promise.all(Array.from({ length: MAX_INVITED_PER_CALL + 1 }, () => createUser()));
    // All but the last place taken directly (the route's count is what is tested), the last by invitation.
    const insert = env.DB.prepare("insert into call_participants (call_id, user_id, invited_by, invited_at, joined_at) values (?, ?, ?, ?, null)");
    await env.DB.batch(people.slice(0, MAX_INVITED_PER_CALL - 1).map((p) => insert.bind(callId, p.user.id, owner.user.id, Date.now())));
    expect((await invite(owner, callId, people[MAX_INVITED_PER_CALL - 1]!.user.email)).status).toBe(201);

    const refused = await invite(owner, callId, people.at(-1)!.user.email);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: "too-many-participants", message: expect.stringContaining(`${MAX_INVITED_PER_CALL} people`) } });
    expect(await listOf(people.at(-1)!)).toEqual([]);
    // At the limit an invited person's invitation is still renewed (the undo of a half-done removal).
    const firstInvitedAt = (await listOf(owner))[0]!.participants.find((p) => p.userId === people[0]!.user.id)!.invitedAt;
    await new Promise((r) => setTimeout(r, 5));
    const renewed = await invite(owner, callId, people[0]!.user.email);
    expect(renewed.status).toBe(201);
    expect(((await renewed.json()) as InviteResponse).participant.invitedAt).toBeGreaterThan(firstInvitedAt);

    // Removing one makes room.
    expect((await api(owner, "DELETE", participantPath(callId, people[0]!.user.id))).status).toBe(204);
    expect((await invite(owner, callId, people.at(-1)!.user.email)).status).toBe(201);
    expect((await listOf(owner))[0]!.participants).toHaveLength(MAX_INVITED_PER_CALL);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });
});
