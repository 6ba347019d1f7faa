// Who may watch a live call (spec §6): only its owner and its participants — over the viewer socket
// and in GET /api/live-calls. Everyone else gets 404; no session 401; a foreign Origin 403.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LiveCallList, LiveCallState } from "../../../protocol/live";
import { callRow, eventually, startTestCall } from "../support/call";
import { api, invite, viewer } from "../support/live";
import { TEST_ORIGIN, createUser } from "../support/users";
import { openSocket } from "../support/ws";

type Snapshot = { call: LiveCallState; entries: unknown[] };

describe("/ws/live/:callId access matrix", () => {
  it("lets the owner and participants in, and nobody else", async () => {
    const { owner, callId, echo, socket } = await startTestCall();
    const guest = await createUser();
    const stranger = await createUser();
    expect((await invite(owner, callId, guest.user.email)).status).toBe(201);
    const path = `/ws/live/${callId}`;

    const cases: { who: string; opts: Parameters<typeof openSocket>[1]; status: number }[] = [
      { who: "unauthenticated", opts: {}, status: 401 },
      { who: "stranger", opts: { cookie: stranger.cookie }, status: 404 },
      { who: "owner, foreign Origin", opts: { cookie: owner.cookie, origin: "https://evil.example" }, status: 403 },
      { who: "participant, no Origin", opts: { cookie: guest.cookie, origin: null }, status: 403 },
      { who: "participant", opts: { cookie: guest.cookie }, status: 101 },
      { who: "owner", opts: { cookie: owner.cookie }, status: 101 },
    ];
    for (const c of cases) {
      const { response, socket: s } = await openSocket(path, c.opts);
      expect(response.status, c.who).toBe(c.status);
      if (c.status !== 101) {
        expect(s, c.who).toBeNull();
        continue;
      }
      const snap = await s!.next<Snapshot>("live_snapshot");
      expect(snap.call).toMatchObject({ callId, echoName: echo.name, callType: "browser_test", phase: "active", status: null });
      expect(snap.call).not.toHaveProperty("persona");
      s!.close();
    }
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("an invited participant, like the owner, still sees the call once it ended (as with its recording)", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    expect((await invite(owner, callId, guest.user.email)).status).toBe(201);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    await eventually(async () => (await callRow(callId))?.status === "completed");

    for (const who of [owner, guest]) {
      const after = await openSocket(`/ws/live/${callId}`, { cookie: who.cookie });
      expect(after.response.status).toBe(101);
      expect((await after.socket!.next<Snapshot>("live_snapshot")).call.phase).toBe("ended");
      expect(await after.socket!.next("live_ended")).toMatchObject({ status: "completed" });
      after.socket!.close();
    }
  });

  it("answers 404 for an unknown call, 426 without an upgrade", async () => {
    const user = await createUser();
    const unknown = await openSocket(`/ws/live/${crypto.randomUUID()}`, { cookie: user.cookie });
    expect(unknown.response.status).toBe(404);
    expect(await unknown.response.json()).toMatchObject({ error: { code: "not-found" } });
    const { owner, callId, socket } = await startTestCall();
    const plain = await exports.default.fetch(`${TEST_ORIGIN}/ws/live/${callId}`, { headers: { Cookie: owner.cookie } });
    expect(plain.status).toBe(426);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("lists a live call only for its owner and participants, labelled with each one's role", async () => {
    const { owner, callId, echo, socket } = await startTestCall();
    const guest = await createUser({ displayName: "Guest Gina" });
    const stranger = await createUser();
    await invite(owner, callId, guest.user.email);

    const listOf = async (u: typeof owner) => ((await (await api(u, "GET", "/api/live-calls")).json()) as LiveCallList).calls;
    const mine = await listOf(owner);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: callId, role: "owner", echoName: echo.name, callType: "browser_test", myJoinedAt: null });
    expect(mine[0]!.participants).toEqual([expect.objectContaining({ userId: guest.user.id, displayName: "Guest Gina", email: guest.user.email, joinedAt: null })]);

    const theirs = await listOf(guest);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ id: callId, role: "participant", ownerName: owner.user.displayName });
    expect(theirs[0]!.participants[0]!.email).toBeNull(); // emails are the owner's to see
    expect(await listOf(stranger)).toEqual([]);
    expect((await api(null, "GET", "/api/live-calls")).status).toBe(401);

    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    expect(await listOf(owner)).toEqual([]);
    expect(await listOf(guest)).toEqual([]);
  });
});
