// Who a call is shared with, as its owner sees it in Call Details (GET /api/live-calls/:id/participants),
// also after the call ended; taking an invitation back then ends the person's access to the recording.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type ParticipantList, participantPath } from "../../../protocol/live";
import { putChunk } from "../../../worker/recordings/objects";
import { callRow, eventually } from "../support/call";
import { api, invite, startBriefCall } from "../support/live";
import { getRecording } from "../support/recordings";
import { createUser } from "../support/users";

describe("GET /api/live-calls/:id/participants", { timeout: 30_000 }, () => {
  it("lists the invited people to the owner after the call ended; a revoked one loses the recording", async () => {
    const call = await startBriefCall();
    const guest = await createUser({ displayName: "Guest Gale" });
    expect((await invite(call.owner, call.callId, guest.user.email)).status).toBe(201);
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended");
    await eventually(async () => (await callRow(call.callId))?.status === "completed");
    await putChunk(env.RECORDINGS!, call.callId, 0, new Int16Array(160));
    await env.DB.prepare("update calls set recording_started_at = start_time where id = ?").bind(call.callId).run();

    const res = await api(call.owner, "GET", `/api/live-calls/${call.callId}/participants`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { participants } = await res.json<ParticipantList>();
    expect(participants).toEqual([{ userId: guest.user.id, displayName: "Guest Gale", email: guest.user.email, invitedAt: expect.any(Number), joinedAt: null }]);

    // Only the owner sees the list.
    expect((await api(guest, "GET", `/api/live-calls/${call.callId}/participants`)).status).toBe(404);
    expect((await api(await createUser(), "GET", `/api/live-calls/${call.callId}/participants`)).status).toBe(404);

    expect((await getRecording(guest, call.callId)).status).toBe(200);
    expect((await api(call.owner, "DELETE", participantPath(call.callId, guest.user.id))).status).toBe(204);
    expect((await getRecording(guest, call.callId)).status).toBe(404);
    expect((await (await api(call.owner, "GET", `/api/live-calls/${call.callId}/participants`)).json<ParticipantList>()).participants).toEqual([]);
    expect((await getRecording(call.owner, call.callId)).status).toBe(200);
  });
});
