// Linking a number by a call from us (issue 42 §4): the owner enters the number, Echo calls it through
// the REST API, whoever answers types the code shown on screen, and the number is linked — without
// trusting any caller ID. The call redeems only this owner's code; callbacks waiting for a number go out.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PhoneLinkCall, PhoneSettings } from "../../../protocol/phone";
import { LINK_CALL_OPENING, LINK_CALLS_PER_HOUR } from "../../../worker/callbacks/link-call";
import { scheduleCallback } from "../../../worker/callbacks/schedule";
import { SAY } from "../../../worker/call/setup/phone-link";
import { d1Transcript, eventually } from "../support/call";
import { createEcho } from "../support/echoes";
import { createUser, jsonHeaders, type TestUser } from "../support/users";
import { callBySid } from "../../support/twilio-webhooks";
import { callbackRow, inAnHour, restSim } from "./support";

const api = (path: string, init?: RequestInit) => exports.default.fetch(`https://echo.test${path}`, init);
const linkCall = (user: TestUser, number: string) => api("/api/phone/link-call", { method: "POST", headers: jsonHeaders(user), body: JSON.stringify({ number }) });
const settings = async (user: TestUser) => (await (await api("/api/phone", { headers: user.headers })).json()) as PhoneSettings;

describe("linking a number by a call from Echo", { timeout: 60_000 }, () => {
  it("Echo calls the number entered; typing the code on screen links it, and a waiting callback is scheduled", async () => {
    const sim = restSim();
    const owner = await createUser();
    await createEcho(owner.user.id, { name: "Juniper", recordCalls: false });
    const waiting = await scheduleCallback(env, { userId: owner.user.id, echoId: null, sourceCallId: null, dueAt: inAnHour(), reason: "a check-in", callerNamedTime: true });
    expect(waiting.ok && waiting.callback.status).toBe("waiting_for_number");

    const number = `+1555070${String(Date.now() % 10_000).padStart(4, "0")}`;
    const res = await linkCall(owner, `${number.slice(0, 2)} (${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`);
    expect(res.status).toBe(202);
    const { code, number: dialled } = (await res.json()) as PhoneLinkCall;
    expect(dialled).toBe(number);
    expect(sim.calls).toHaveLength(1);
    expect(sim.calls[0]).toMatchObject({ to: number, url: `https://echo.test/twilio/voice?link=${owner.user.id}` });

    const phone = await sim.answerByPerson(sim.calls[0]!);
    await phone.connect();
    // A fixed line goes out as one reply with its mark at the end: played to the end once it is echoed.
    await phone.until(() => phone.marksEchoed.length >= 1, 40_000, "the instructions");
    await phone.press(code);
    await eventually(async () => ((await settings(owner)).linkedNumber === number ? true : null));
    await phone.until(() => phone.outboundOf("mark").length >= 2, 40_000, "the confirmation");
    await phone.hangUp();
    const row = await callBySid(env.DB, sim.calls[0]!.sid);
    expect(row?.user_id).toBe(owner.user.id);
    const texts = (await d1Transcript(row!.id)).map((e) => e.text);
    expect(texts[0]).toBe(LINK_CALL_OPENING);
    expect(texts).toContain(SAY.linked("Juniper"));
    if (waiting.ok) expect((await callbackRow(waiting.callback.id))?.status).toBe("scheduled");
  });

  it("refuses a number that isn't one, a number another account holds, and too many calls in an hour", async () => {
    const sim = restSim();
    const holder = await createUser({ phoneNumber: `+1555071${String(Date.now() % 10_000).padStart(4, "0")}` });
    const owner = await createUser();
    expect((await linkCall(owner, "12345")).status).toBe(400);
    expect((await linkCall(owner, holder.user.phoneNumber!)).status).toBe(409);
    for (let i = 0; i < LINK_CALLS_PER_HOUR; i++) expect((await linkCall(owner, `+1555072${String(1000 + i)}`)).status).toBe(202);
    expect((await linkCall(owner, "+15550729999")).status).toBe(429);
    expect(sim.calls).toHaveLength(LINK_CALLS_PER_HOUR);
  });
});
