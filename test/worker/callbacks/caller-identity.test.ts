// Caller identity (issue 42 §4): a phone call from a linked number is the owner's verified call only with
// Twilio's full STIR/SHAKEN attestation; otherwise it is kept apart (caller_verified 0) and its
// conversation gets nothing personal (no owner time zone in its replies). Browser test calls are verified.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { CallListPage } from "../../../protocol/call-history";
import { describe, expect, it } from "vitest";
import type { CallSession } from "../../../worker/call/CallSession";
import type { CallState } from "../../../worker/call/store";
import { callStub, startTestCall } from "../support/call";
import { createEcho } from "../support/echoes";
import { createUser } from "../support/users";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, postSigned, statusParams } from "../../support/twilio-webhooks";
import { net } from "./support";

const authToken = env.TWILIO_AUTH_TOKEN!;

async function callState(callId: string): Promise<CallState | null> {
  return runInDurableObject(callStub(callId), (instance: CallSession) => (instance as unknown as { store: { state(): CallState | null } }).store.state());
}

const verifiedColumn = async (callId: string) => (await env.DB.prepare("select caller_verified from calls where id = ?").bind(callId).first<{ caller_verified: number }>())?.caller_verified;

describe("caller identity", { timeout: 30_000 }, () => {
  it.each([
    ["full attestation (A)", "TN-Validation-Passed-A", true],
    ["partial attestation (B)", "TN-Validation-Passed-B", false],
    ["a failed verdict", "TN-Validation-Failed", false],
    ["no verdict at all", null, false],
  ] as const)("a call from the owner's linked number with %s", async (_, stirVerstat, verified) => {
    const from = `+1555060${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    const owner = await createUser({ phoneNumber: from, timeZone: "Europe/Berlin" });
    await createEcho(owner.user.id);
    const call = await TwilioCall.dial(net, { authToken, from, stirVerstat });
    const row = await callBySid(env.DB, call.callSid);
    // The call is in the owner's history either way, marked when unverified.
    expect(row?.user_id).toBe(owner.user.id);
    expect(await verifiedColumn(row!.id)).toBe(verified ? 1 : 0);
    const state = await callState(row!.id);
    expect(state?.callerVerified).toBe(verified);
    // Nothing personal for an unverified caller: not even the owner's time zone.
    expect(state?.timeZone ?? null).toBe(verified ? "Europe/Berlin" : null);
    await postSigned(net, "/twilio/status", statusParams(call, "completed", 0), { authToken });
    // Call History carries the mark ("Unverified caller" on the dashboard).
    const page = (await (await exports.default.fetch("https://echo.test/api/calls", { headers: owner.headers })).json()) as CallListPage;
    expect(page.calls.find((c) => c.id === row!.id)?.callerVerified).toBe(verified);
  });

  it("a browser test call is the signed-in owner: verified, with their time zone", async () => {
    const owner = await createUser({ timeZone: "Asia/Tokyo" });
    const started = await startTestCall({ owner });
    expect(await verifiedColumn(started.callId)).toBe(1);
    expect(await callState(started.callId)).toMatchObject({ callerVerified: true, timeZone: "Asia/Tokyo" });
    started.socket.send({ type: "end_call" });
    started.socket.close();
  });
});
