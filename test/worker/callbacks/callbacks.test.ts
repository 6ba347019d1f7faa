// Callbacks end to end against the Twilio REST stand-in: scheduled, placed at its time through the REST
// API (form-encoded, basic auth), answered by a person (the media-stream simulator: the Echo opens with
// the reason, the call is the owner's and verified), by a voicemail, by nobody (one retry after 10
// minutes, then missed), cancelled, refused in quiet hours and past the daily cap, and placed once when
// its alarm runs again or its object restarts.
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CALLBACK_RETRY_AFTER_MS, DAILY_CALLBACK_CAP } from "../../../protocol/callbacks";
import { callbackAlarmStub } from "../../../worker/callbacks/alarm-stub";
import { scheduleCallback } from "../../../worker/callbacks/schedule";
import { releaseWaitingCallbacks } from "../../../worker/db/phone";
import { db } from "../../../worker/db/client";
import { d1Transcript, eventually } from "../support/call";
import { createEcho } from "../support/echoes";
import { createUser } from "../support/users";
import { callBySid, postSigned } from "../../support/twilio-webhooks";
import { alarmRuns, callbackRow, inAnHour, net, ownerWithNumber, restSim, timeComes } from "./support";

const authToken = env.TWILIO_AUTH_TOKEN!;

async function scheduled(userId: string, echoId: string | null, reason = "to practise your speech", dueAt = inAnHour()) {
  const result = await scheduleCallback(env, { userId, echoId, sourceCallId: null, dueAt, reason, callerNamedTime: true });
  if (!result.ok) throw new Error(`not scheduled: ${result.problem}`);
  return result.callback;
}

describe("callbacks through Twilio's REST API", { timeout: 60_000 }, () => {
  it("rings at its time, once, and a person gets the Echo opening with the reason on a verified call", async () => {
    const sim = restSim();
    const owner = await ownerWithNumber();
    const echo = await createEcho(owner.user.id, { name: "Juniper", recordCalls: false });
    const callback = await scheduled(owner.user.id, echo.id);
    expect(callback).toMatchObject({ status: "scheduled", echoName: "Juniper", reason: "to practise your speech", attempts: 0 });

    // Its alarm running early places nothing.
    await alarmRuns(callback.id);
    expect(sim.calls).toHaveLength(0);

    expect(await timeComes(callback.id)).toBe(true);
    expect(sim.calls).toHaveLength(1);
    const placed = sim.calls[0]!;
    expect(placed.to).toBe(owner.user.phoneNumber);
    expect(placed.from).toBe(env.PUBLIC_PHONE_NUMBER.replace(/[^+\d]/g, ""));
    expect(placed.url).toBe(`https://echo.test/twilio/voice?callback=${callback.id}&attempt=1`);
    expect(placed.statusCallback).toBe(`https://echo.test/twilio/status?callback=${callback.id}&attempt=1`);
    expect(placed.statusCallbackEvents).toEqual(["initiated", "ringing", "answered", "completed"]);
    expect(placed.machineDetection).toBe("DetectMessageEnd");
    expect(await callbackRow(callback.id)).toMatchObject({ status: "ringing", attempts: 1, provider_call_id: placed.sid });

    // The alarm runs again (a re-run, then a restarted object): still one call.
    await alarmRuns(callback.id);
    await evictDurableObject(callbackAlarmStub(env, callback.id));
    await alarmRuns(callback.id);
    expect(sim.calls).toHaveLength(1);

    const phone = await sim.answerByPerson(placed);
    const row = await callbackRow(callback.id);
    expect(row).toMatchObject({ status: "answered", provider_call_id: placed.sid });
    const call = await callBySid(env.DB, placed.sid);
    expect(call).toMatchObject({ id: row!.call_id, user_id: owner.user.id, echo_id: echo.id, call_type: "phone", from_number: owner.user.phoneNumber });
    const verified = await env.DB.prepare("select caller_verified from calls where id = ?").bind(call!.id).first<{ caller_verified: number }>();
    expect(verified?.caller_verified).toBe(1);

    await phone.connect();
    await phone.until(() => phone.outboundOf("mark").length > 0, 20_000, "the opening line");
    await phone.hangUp();
    await sim.completed(placed, 8);
    const ended = await eventually(async () => {
      const r = await callBySid(env.DB, placed.sid);
      return r?.status === "completed" ? r : null;
    });
    const transcript = await d1Transcript(ended.id);
    expect(transcript[0]).toMatchObject({ speaker: "assistant", text: "Hi, it's Juniper, calling you back as you asked: to practise your speech." });
    expect((await callbackRow(callback.id))?.status).toBe("answered");
  });

  it("a voicemail hears a short message without the reason, then a hang-up", async () => {
    const sim = restSim();
    const owner = await ownerWithNumber();
    const echo = await createEcho(owner.user.id, { name: "Juniper" });
    const callback = await scheduled(owner.user.id, echo.id, "about Maria's wedding");
    await timeComes(callback.id);
    const twiml = await sim.answerByMachine(sim.calls[0]!);
    expect(twiml).toMatch(/^<\?xml[^>]*\?><Response><Say>Hi, it&apos;s Juniper from Echo, calling you back as you asked\. Sorry I missed you\. .*<\/Say><Hangup\/><\/Response>$/);
    expect(twiml).not.toContain("Maria");
    expect(await callbackRow(callback.id)).toMatchObject({ status: "voicemail", attempts: 1, call_id: null });
    expect(await callBySid(env.DB, sim.calls[0]!.sid)).toBeNull(); // no call in the history: nobody talked
  });

  it("no answer: one retry ten minutes later, then missed; a replayed status changes nothing", async () => {
    const sim = restSim();
    const owner = await ownerWithNumber();
    const callback = await scheduled(owner.user.id, null);
    await timeComes(callback.id);
    const before = Date.now();
    await sim.reachNobody(sim.calls[0]!, "no-answer");
    const retry = await callbackRow(callback.id);
    expect(retry).toMatchObject({ status: "scheduled", attempts: 1, last_error: "twilio_no-answer" });
    expect(retry!.due_at).toBeGreaterThanOrEqual(before + CALLBACK_RETRY_AFTER_MS);
    await sim.reachNobody(sim.calls[0]!, "no-answer"); // a replay
    expect(await callbackRow(callback.id)).toMatchObject({ status: "scheduled", attempts: 1 });
    await alarmRuns(callback.id); // not yet its time
    expect(sim.calls).toHaveLength(1);

    await timeComes(callback.id);
    expect(sim.calls).toHaveLength(2);
    expect(sim.calls[1]!.url).toBe(`https://echo.test/twilio/voice?callback=${callback.id}&attempt=2`);
    await sim.reachNobody(sim.calls[1]!, "busy");
    expect(await callbackRow(callback.id)).toMatchObject({ status: "missed", attempts: 2, last_error: "twilio_busy" });
    await alarmRuns(callback.id);
    expect(sim.calls).toHaveLength(2);
  });

  it("Twilio's errors: a refused number is missed at once; a rate limit is waited out and still rings once", async () => {
    const sim = restSim();
    const owner = await ownerWithNumber();
    const refused = await scheduled(owner.user.id, null);
    sim.failNext(400, 21215, "Account not authorized to call +15550201234. Perhaps you need to enable some international permissions");
    await timeComes(refused.id);
    expect(await callbackRow(refused.id)).toMatchObject({ status: "missed", attempts: 1, last_error: "twilio_21215" });

    const limited = await scheduled(owner.user.id, null);
    sim.failNext(429, 20429, "Too Many Requests");
    await timeComes(limited.id);
    expect(sim.calls).toHaveLength(1);
    expect(await callbackRow(limited.id)).toMatchObject({ status: "ringing", attempts: 1, provider_call_id: sim.calls[0]!.sid });

    // A 500 may mean Twilio placed the call: not retried on the spot (it could ring twice); the attempt
    // counts, and the one retry comes ten minutes later.
    const unsure = await scheduled(owner.user.id, null);
    sim.failNext(500, 20500, "Internal Server Error");
    await timeComes(unsure.id);
    expect(sim.calls).toHaveLength(1);
    expect(await callbackRow(unsure.id)).toMatchObject({ status: "scheduled", attempts: 1, last_error: "twilio_20500" });
  });

  it("status callbacks and webhooks must be signed by Twilio", async () => {
    const sim = restSim();
    const owner = await ownerWithNumber();
    const callback = await scheduled(owner.user.id, null);
    await timeComes(callback.id);
    const placed = sim.calls[0]!;
    const path = `/twilio/status?callback=${callback.id}&attempt=1`;
    const forged = await postSigned(net, path, { CallSid: placed.sid, CallStatus: "no-answer" }, { authToken: "not-the-token" });
    expect(forged.status).toBe(403);
    // Signed for another callback's URL: the signature covers the query, so it does not carry over.
    const other = await postSigned(net, `/twilio/status?callback=${crypto.randomUUID()}&attempt=1`, { CallSid: placed.sid, CallStatus: "no-answer" }, { authToken });
    expect(other.status).toBe(204);
    expect(await callbackRow(callback.id)).toMatchObject({ status: "ringing", attempts: 1 });
  });

  it("quiet hours unless the caller named the time, the daily cap, the past, and no Twilio settings", async () => {
    restSim();
    const owner = await createUser({ phoneNumber: `+1555030${String(Date.now() % 10_000).padStart(4, "0")}`, timeZone: "America/New_York" });
    const tomorrow = new Date(Date.now() + 86_400_000);
    // 23:00 tomorrow in New York (EST or EDT: 03:00 or 04:00 UTC the day after) — in quiet hours either way.
    const late = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate() + 1, 3, 30);
    const ask = (dueAt: number, callerNamedTime: boolean) => scheduleCallback(env, { userId: owner.user.id, echoId: null, sourceCallId: null, dueAt, reason: "a check-in", callerNamedTime });
    expect(await ask(late, false)).toEqual({ ok: false, problem: "quiet-hours" });
    expect((await ask(late, true)).ok).toBe(true);
    // Noon in New York (16:30 UTC is 11:30 or 12:30) on the same local day as the named 23:30 one,
    // which counts: the day fills up after DAILY_CALLBACK_CAP - 1 more.
    const noon = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 16, 30);
    for (let i = 0; i < DAILY_CALLBACK_CAP - 1; i++) expect((await ask(noon + i * 60_000, false)).ok).toBe(true);
    expect(await ask(noon + 3_600_000, false)).toEqual({ ok: false, problem: "daily-cap" });
    expect(await ask(Date.now() - 3_600_000, true)).toEqual({ ok: false, problem: "past" });
    expect(await scheduleCallback({ ...env, TWILIO_ACCOUNT_SID: "", TWILIO_API_KEY_SID: "", TWILIO_API_KEY_SECRET: "" }, { userId: owner.user.id, echoId: null, sourceCallId: null, dueAt: noon, reason: "x", callerNamedTime: true })).toEqual({
      ok: false,
      problem: "not-configured",
    });
  });

  it("no linked number: kept waiting for one, rung once a number is linked", async () => {
    const sim = restSim();
    const owner = await createUser();
    const callback = await scheduled(owner.user.id, null);
    expect(callback.status).toBe("waiting_for_number");
    await env.DB.prepare("update users set phone_number = ? where id = ?").bind(`+1555040${String(Date.now() % 10_000).padStart(4, "0")}`, owner.user.id).run();
    await releaseWaitingCallbacks(db(env.DB), owner.user.id);
    expect((await callbackRow(callback.id))?.status).toBe("scheduled");
    await timeComes(callback.id);
    expect(sim.calls).toHaveLength(1);

    // Waiting past its time with no number: missed.
    const nobody = await createUser();
    const late = await scheduled(nobody.user.id, null);
    await timeComes(late.id);
    expect(await callbackRow(late.id)).toMatchObject({ status: "missed", last_error: "no_number" });
    expect(sim.calls).toHaveLength(1);
  });
});
