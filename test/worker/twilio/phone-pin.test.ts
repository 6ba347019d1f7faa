// The phone PIN (issue 42 §4): the owner sets it on /settings (PUT /api/phone/pin, stored as a scrypt
// hash, never sent back); a caller from the linked number keys it in, then #, and is verified for that
// call (calls.caller_verified); wrong PINs are answered and throttled per owner, whatever number calls.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PhonePinStatus } from "../../../protocol/phone";
import { PIN_FAILURE_LIMIT, PIN_THROTTLE_WINDOW_MS, PinCollector, SAY_PIN } from "../../../worker/call/setup/pin-check";
import { recordFailure } from "../../../worker/db/auth/auth-throttle";
import { db } from "../../../worker/db/client";
import { eventually } from "../support/call";
import { createEcho } from "../support/echoes";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";
import { createUser, jsonHeaders, type TestUser } from "../support/users";
import { viewer } from "../support/live";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;

function pinApi(user: TestUser | null, method: string, body?: unknown): Promise<Response> {
  return exports.default.fetch("https://echo.test/api/phone/pin", {
    method,
    headers: user ? jsonHeaders(user) : { "Content-Type": "application/json", Origin: "https://echo.test" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const storedHash = async (userId: string) => (await env.DB.prepare("select phone_pin_hash as h from users where id = ?").bind(userId).first<{ h: string | null }>())?.h ?? null;

describe("PIN keys", () => {
  it("a PIN is 4–8 digits ended by #; * starts over; anything else is not a PIN", () => {
    const keys = new PinCollector();
    const press = (s: string, at = 0) => [...s].map((k) => keys.push(k, at)).at(-1);
    expect(press("4321#")).toEqual({ kind: "pin", pin: "4321" });
    expect(press("12*9876#")).toEqual({ kind: "pin", pin: "9876" });
    expect(press("12#")).toEqual({ kind: "not-a-pin" });
    expect(press("123456789#")).toEqual({ kind: "not-a-pin" });
    keys.push("1", 0);
    keys.push("2", 0);
    expect(press("3456#", 60_000)).toEqual({ kind: "pin", pin: "3456" }); // the pause forgot "12"
  });
});

describe("/api/phone/pin", () => {
  it("sets, reports and removes the PIN; stores only a hash; refuses a bad PIN without changing anything", async () => {
    const user = await createUser();
    expect(await (await pinApi(user, "GET")).json()).toEqual({ hasPin: false });
    const set = await pinApi(user, "PUT", { pin: "4321" });
    expect(set.status).toBe(200);
    expect((await set.json()) as PhonePinStatus).toEqual({ hasPin: true });
    const hash = await storedHash(user.user.id);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain("4321");
    for (const pin of ["12", "123456789", "12a4", 1234]) {
      const bad = await pinApi(user, "PUT", { pin });
      expect(bad.status).toBe(400);
    }
    expect(await storedHash(user.user.id)).toBe(hash);
    expect(await (await pinApi(user, "DELETE")).json()).toEqual({ hasPin: false });
    expect(await storedHash(user.user.id)).toBeNull();
    expect((await pinApi(null, "PUT", { pin: "4321" })).status).toBe(401);
  });
});

async function ownerCall(from: string, pin: string) {
  const owner = await createUser({ phoneNumber: from });
  await createEcho(owner.user.id, { name: "Household" });
  expect((await pinApi(owner, "PUT", { pin })).status).toBe(200);
  const call = await TwilioCall.dial(net, { authToken, from, stirVerstat: null });
  const row = (await callBySid(env.DB, call.callSid))!;
  expect(row.user_id).toBe(owner.user.id);
  await call.connect();
  const watching = await viewer(row.id, owner);
  await watching.next("live_snapshot");
  const heard = (text: string) => watching.next((m) => m.type === "live_entry" && (m.entry as { text?: string } | undefined)?.text === text, 20_000);
  const verified = async () => (await env.DB.prepare("select caller_verified as v from calls where id = ?").bind(row.id).first<{ v: number }>())?.v;
  return { owner, call, row, heard, verified };
}

describe("keying in the PIN on a call from the linked number", { timeout: 60_000 }, () => {
  it("a wrong PIN is answered and changes nothing; the right one verifies the caller for this call", async () => {
    const { call, heard, verified } = await ownerCall("+15550100961", "4321");
    expect(await verified()).toBe(0);
    await call.press("1111#");
    await heard(SAY_PIN.wrong);
    expect(await verified()).toBe(0);
    await call.press("4321#");
    await heard(SAY_PIN.verified);
    expect(await eventually(async () => ((await verified()) === 1 ? 1 : null))).toBe(1);
    await call.hangUp();
  });

  it("after too many wrong PINs for this owner, even the right one is refused until the window ends", async () => {
    const { owner, call, heard, verified } = await ownerCall("+15550100962", "24680");
    const now = Date.now();
    for (let i = 0; i < PIN_FAILURE_LIMIT; i++) await recordFailure(db(env.DB), `phone-pin:${owner.user.id}`, now, PIN_THROTTLE_WINDOW_MS, PIN_FAILURE_LIMIT);
    await call.press("24680#");
    await heard(SAY_PIN.throttled);
    expect(await verified()).toBe(0);
    await call.hangUp();
  });
});
