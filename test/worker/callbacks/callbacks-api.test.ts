// /api/callbacks and /api/profile/time-zone: the owner's list (upcoming and past), cancelling (ownership,
// Origin, only what can still be cancelled, its alarm gone), and the time zone (set if unset, refused
// when unknown).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CallbackList, CallbackView } from "../../../protocol/callbacks";
import type { TimeZoneSetting } from "../../../protocol/time-zone";
import { scheduleCallback } from "../../../worker/callbacks/schedule";
import { createUser, jsonHeaders, type TestUser } from "../support/users";
import { alarmRuns, callbackRow, inAnHour, ownerWithNumber, restSim } from "./support";

const api = (path: string, init?: RequestInit) => exports.default.fetch(`https://echo.test${path}`, init);

async function schedule(owner: TestUser, reason: string, dueAt = inAnHour()): Promise<CallbackView> {
  const r = await scheduleCallback(env, { userId: owner.user.id, echoId: null, sourceCallId: null, dueAt, reason, callerNamedTime: true });
  if (!r.ok) throw new Error(r.problem);
  return r.callback;
}

describe("/api/callbacks", () => {
  it("lists upcoming soonest first and past newest first; cancel moves one to the past and removes its alarm", async () => {
    const sim = restSim();
    const owner = await ownerWithNumber();
    const later = await schedule(owner, "later", inAnHour() + 3_600_000);
    const sooner = await schedule(owner, "sooner");
    const list = (await (await api("/api/callbacks", { headers: owner.headers })).json()) as CallbackList;
    expect(list.upcoming.map((c) => c.reason)).toEqual(["sooner", "later"]);
    expect(list.past).toEqual([]);

    const res = await api(`/api/callbacks/${sooner.id}/cancel`, { method: "POST", headers: jsonHeaders(owner) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CallbackView).status).toBe("cancelled");
    expect(await alarmRuns(sooner.id)).toBe(false); // no alarm left
    expect(sim.calls).toHaveLength(0);
    const after = (await (await api("/api/callbacks", { headers: owner.headers })).json()) as CallbackList;
    expect(after.upcoming.map((c) => c.id)).toEqual([later.id]);
    expect(after.past.map((c) => [c.id, c.status])).toEqual([[sooner.id, "cancelled"]]);

    // Cancelled already: 409, and nothing changes.
    expect((await api(`/api/callbacks/${sooner.id}/cancel`, { method: "POST", headers: jsonHeaders(owner) })).status).toBe(409);
  });

  it("someone else's callback is not found; a cross-origin cancel is refused; signed out is 401", async () => {
    const owner = await ownerWithNumber();
    const callback = await schedule(owner, "mine");
    const stranger = await createUser();
    expect((await api(`/api/callbacks/${callback.id}/cancel`, { method: "POST", headers: jsonHeaders(stranger) })).status).toBe(404);
    const stranger_list = (await (await api("/api/callbacks", { headers: stranger.headers })).json()) as CallbackList;
    expect(stranger_list.upcoming).toEqual([]);
    const crossOrigin = await api(`/api/callbacks/${callback.id}/cancel`, { method: "POST", headers: { ...jsonHeaders(owner), Origin: "https://evil.example" } });
    expect(crossOrigin.status).toBe(403);
    expect((await api("/api/callbacks")).status).toBe(401);
    expect((await callbackRow(callback.id))?.status).toBe("scheduled");
  });
});

describe("/api/profile/time-zone", () => {
  it("the browser's zone is kept only when none is set; Settings changes it; an unknown zone is refused", async () => {
    const owner = await createUser();
    const put = (body: unknown) => api("/api/profile/time-zone", { method: "PUT", headers: jsonHeaders(owner), body: JSON.stringify(body) });
    expect(((await (await api("/api/profile/time-zone", { headers: owner.headers })).json()) as TimeZoneSetting).timeZone).toBeNull();
    expect(((await (await put({ timeZone: "Europe/Berlin", ifUnset: true })).json()) as TimeZoneSetting).timeZone).toBe("Europe/Berlin");
    expect(((await (await put({ timeZone: "America/Chicago", ifUnset: true })).json()) as TimeZoneSetting).timeZone).toBe("Europe/Berlin");
    expect(((await (await put({ timeZone: "America/Chicago" })).json()) as TimeZoneSetting).timeZone).toBe("America/Chicago");
    const bad = await put({ timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    expect(((await (await api("/api/profile/time-zone", { headers: owner.headers })).json()) as TimeZoneSetting).timeZone).toBe("America/Chicago");
  });
});
