// /api/live-calls: invitations by email and Join Call — validation, ownership, idempotence, and the
// feed events that keep everyone's Live Calls list current.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { InviteResponse, JoinResponse, LiveCallList } from "../../../protocol/live";
import { INVITE_MISS_LIMIT } from "../../../worker/auth/invite-throttle";
import { startTestCall } from "../support/call";
import { api, invite } from "../support/live";
import { createUser } from "../support/users";
import { connect } from "../support/ws";

async function participantRows(callId: string) {
  const rows = await env.DB.prepare("select user_id, invited_by, invited_at, joined_at from call_participants where call_id = ? order by invited_at").bind(callId).all<{
    user_id: string;
    invited_by: string | null;
    invited_at: number;
    joined_at: number | null;
  }>();
  return rows.results;
}

describe("POST /api/live-calls/:id/participants", () => {
  it("lets the owner invite a registered user by email (any case), once: inviting again renews that invitation", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser({ displayName: "Gwen" });
    const res = await invite(owner, callId, `  ${guest.user.email.toUpperCase()} `);
    expect(res.status).toBe(201);
    const body = (await res.json()) as InviteResponse;
    expect(body.participant).toMatchObject({ userId: guest.user.id, displayName: "Gwen", email: guest.user.email, joinedAt: null });
    await new Promise((r) => setTimeout(r, 5));
    const againRes = await invite(owner, callId, guest.user.email);
    expect(againRes.status).toBe(201);
    const again = (await againRes.json()) as InviteResponse;
    expect(again.participant).toMatchObject({ userId: guest.user.id, joinedAt: null });
    expect(again.participant.invitedAt).toBeGreaterThan(body.participant.invitedAt);
    expect(await participantRows(callId)).toEqual([{ user_id: guest.user.id, invited_by: owner.user.id, invited_at: again.participant.invitedAt, joined_at: null }]);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("refuses bad input with a clear error and changes nothing", async () => {
    const { owner, callId, socket } = await startTestCall();
    const path = `/api/live-calls/${callId}/participants`;
    const cases: [unknown, number, string][] = [
      ["{not json", 400, "invalid-json"],
      [{}, 400, "invalid-request"],
      [{ email: 42 }, 400, "invalid-request"],
      [{ email: "" }, 400, "invalid-request"],
      [{ email: "not-an-email" }, 400, "invalid-request"],
      [{ email: `${"a".repeat(250)}@example.com` }, 400, "invalid-request"],
      [{ email: "nobody-here@example.com" }, 404, "user-not-found"],
      [{ email: owner.user.email }, 400, "invite-self"],
    ];
    for (const [body, status, code] of cases) {
      const res = await api(owner, "POST", path, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      const err = (await res.json()) as { error: { code: string; message: string } };
      expect(err.error.code).toBe(code);
      expect(err.error.message.length).toBeGreaterThan(5);
    }
    const unknown = (await (await api(owner, "POST", path, { email: "nobody-here@example.com" })).json()) as { error: { message: string } };
    expect(unknown.error.message).toBe("No account found with this email address.");
    expect(await participantRows(callId)).toEqual([]);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("answers 404 to anyone but the owner (participants included), 401/403 without session or Origin", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    const stranger = await createUser();
    await invite(owner, callId, guest.user.email);
    for (const who of [guest, stranger]) {
      const res = await invite(who, callId, stranger.user.email);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not-found");
    }
    expect((await invite(owner, crypto.randomUUID(), guest.user.email)).status).toBe(404);
    expect((await api(null, "POST", `/api/live-calls/${callId}/participants`, { email: stranger.user.email })).status).toBe(401);
    const cross = await exports.default.fetch(`https://echo.test/api/live-calls/${callId}/participants`, {
      method: "POST",
      headers: { Cookie: owner.cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ email: stranger.user.email }),
    });
    expect(cross.status).toBe(403);
    expect((await participantRows(callId)).map((r) => r.user_id)).toEqual([guest.user.id]);
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
  });

  it("refuses invitations to a call that has ended (409)", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    const res = await invite(owner, callId, guest.user.email);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("call-ended");
    expect(await participantRows(callId)).toEqual([]);
  });
});

describe("invitations as a way to test addresses", () => {
  it(`an inviter gets ${INVITE_MISS_LIMIT} addresses without an account per window, then 429 for every invitation; real ones never count`, { timeout: 30_000 }, async () => {
    const { owner, callId, socket } = await startTestCall();
    const guests = await Promise.all([createUser(), createUser()]);
    const unknown = (i: number) => `nobody-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`;
    expect((await invite(owner, callId, guests[0]!.user.email)).status).toBe(201); // a real one: not counted
    for (let i = 0; i < INVITE_MISS_LIMIT; i++) expect((await invite(owner, callId, unknown(i))).status).toBe(404);

    for (const email of [unknown(99), guests[1]!.user.email]) {
      const refused = await invite(owner, callId, email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
      expect(await refused.json()).toMatchObject({ error: { code: "too-many-requests", message: expect.stringContaining("addresses without an Echo account") } });
    }
    expect(await participantRows(callId)).toHaveLength(1); // the refused real invitation changed nothing

    // Someone else's invitations are their own.
    const other = await startTestCall();
    expect((await invite(other.owner, other.callId, guests[1]!.user.email)).status).toBe(201);
    for (const s of [socket, other.socket]) {
      s.send({ type: "end_call" });
      await s.next("call_ended");
    }
  });
});

describe("POST /api/live-calls/:id/join", () => {
  it("records the first join of a participant and of the owner; strangers get 404", async () => {
    const { owner, callId, socket } = await startTestCall();
    const guest = await createUser();
    const stranger = await createUser();
    await invite(owner, callId, guest.user.email);

    expect((await api(stranger, "POST", `/api/live-calls/${callId}/join`)).status).toBe(404);
    expect((await api(guest, "POST", `/api/live-calls/${crypto.randomUUID()}/join`)).status).toBe(404);
    expect((await api(null, "POST", `/api/live-calls/${callId}/join`)).status).toBe(401);

    const first = await api(guest, "POST", `/api/live-calls/${callId}/join`);
    expect(first.status).toBe(200);
    const joined = (await first.json()) as JoinResponse;
    expect(joined.callId).toBe(callId);
    const second = (await (await api(guest, "POST", `/api/live-calls/${callId}/join`)).json()) as JoinResponse;
    expect(second.joinedAt).toBe(joined.joinedAt);
    expect((await api(owner, "POST", `/api/live-calls/${callId}/join`)).status).toBe(200);

    const rows = await participantRows(callId);
    expect(rows.find((r) => r.user_id === guest.user.id)?.joined_at).toBe(joined.joinedAt);
    expect(rows.find((r) => r.user_id === owner.user.id)?.joined_at).toBeGreaterThan(0);
    expect(rows.some((r) => r.user_id === stranger.user.id)).toBe(false);

    // The owner's list shows their own join but does not count them among the invited.
    const list = (await (await api(owner, "GET", "/api/live-calls")).json()) as LiveCallList;
    expect(list.calls[0]!.myJoinedAt).toBeGreaterThan(0);
    expect(list.calls[0]!.participants.map((p) => p.userId)).toEqual([guest.user.id]);
    expect(list.calls[0]!.participants[0]!.joinedAt).toBe(joined.joinedAt);

    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    const late = await api(guest, "POST", `/api/live-calls/${callId}/join`);
    expect(late.status).toBe(409);
  });
});

describe("feed events for live calls", () => {
  it("tells the invitee when invited and everyone in the call when it ends", async () => {
    const guest = await createUser();
    const guestFeed = await connect("/ws/feed", { cookie: guest.cookie });
    const { owner, callId, socket } = await startTestCall();
    const ownerFeed = await connect("/ws/feed", { cookie: owner.cookie });
    expect(await guestFeed.quiet(100)).toEqual([]); // not in the call yet: hears nothing
    await invite(owner, callId, guest.user.email);
    expect(await guestFeed.next("live_call_started")).toEqual({ type: "live_call_started", callId });
    socket.send({ type: "end_call" });
    await socket.next("call_ended");
    expect(await guestFeed.next("live_call_ended")).toEqual({ type: "live_call_ended", callId });
    expect(await ownerFeed.next("live_call_ended")).toEqual({ type: "live_call_ended", callId });
    guestFeed.close();
    ownerFeed.close();
  });
});
