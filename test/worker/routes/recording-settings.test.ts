// The account's recording switch for the phone calls no active Echo answers (Settings): read and
// changed by its owner only (signed in, Origin-checked), and followed when such a call comes in.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../protocol/api";
import type { RecordingSettings } from "../../../protocol/recording-settings";
import { incomingCall } from "../../../worker/db/answerer";
import { db } from "../../../worker/db/client";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, jsonHeaders, type TestUser } from "../support/users";

const URL_ = `${TEST_ORIGIN}/api/settings/recording`;
const uniqueNumber = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

async function read(u: TestUser): Promise<RecordingSettings> {
  const res = await exports.default.fetch(URL_, { headers: u.headers });
  expect(res.status).toBe(200);
  return res.json();
}

function put(u: TestUser, body: unknown, headers: Record<string, string> = jsonHeaders(u)): Promise<Response> {
  return exports.default.fetch(URL_, { method: "PUT", headers, body: JSON.stringify(body) });
}

describe("recording of calls without an Echo", () => {
  it("is on by default (as before), the owner turns it off and on again; another account is not affected", async () => {
    const u = await createUser();
    const other = await createUser();
    expect(await read(u)).toEqual({ recordCallsWithoutEcho: true });
    const off = await put(u, { recordCallsWithoutEcho: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ recordCallsWithoutEcho: false });
    expect(await read(u)).toEqual({ recordCallsWithoutEcho: false });
    expect(await read(other)).toEqual({ recordCallsWithoutEcho: true });
    expect((await put(u, { recordCallsWithoutEcho: true })).status).toBe(200);
    expect(await read(u)).toEqual({ recordCallsWithoutEcho: true });
  });

  it("bad input, another origin or no session: a clear error and nothing changes", async () => {
    const u = await createUser();
    const bad = await put(u, { recordCallsWithoutEcho: "no" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error).toEqual({ code: "invalid-request", message: "recordCallsWithoutEcho: must be true or false" });
    expect((await put(u, { recordCallsWithoutEcho: false }, { ...jsonHeaders(u), Origin: "https://evil.example" })).status).toBe(403);
    expect((await exports.default.fetch(URL_, { method: "PUT", headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" }, body: '{"recordCallsWithoutEcho":false}' })).status).toBe(401);
    expect((await exports.default.fetch(URL_)).status).toBe(401);
    expect(await read(u)).toEqual({ recordCallsWithoutEcho: true });
  });

  it("a phone call no active Echo answers is recorded as the switch says; an Echo's call follows the Echo", async () => {
    const number = uniqueNumber();
    const owner = await createUser({ phoneNumber: number });
    await createEcho(owner.user.id, { isActive: false });
    const sid = () => `CA${crypto.randomUUID().replace(/-/g, "")}`;
    expect((await incomingCall(db(env.DB), sid(), number)).answerer).toMatchObject({ userId: owner.user.id, echoId: null, record: true });
    await put(owner, { recordCallsWithoutEcho: false });
    expect((await incomingCall(db(env.DB), sid(), number)).answerer).toMatchObject({ userId: owner.user.id, echoId: null, record: false });
    const echo = await createEcho(owner.user.id, { recordCalls: true });
    expect((await incomingCall(db(env.DB), sid(), number)).answerer).toMatchObject({ echoId: echo.id, record: true });
  });
});
