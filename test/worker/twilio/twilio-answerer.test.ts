// Who answers a phone call, as the voice webhook decides it in one D1 round trip: the caller's linked
// account and its answering Echo (the chosen phone Echo while it is active, else the latest active
// one), or the built-in assistant for everyone else. Checked on the call row each webhook creates.
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../worker/db/client";
import { users } from "../../../worker/db/schema";
import { createEcho } from "../support/echoes";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";
import { createUser } from "../support/users";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;

let numbers = 0;
const nextNumber = () => `+1555020${String(9000 + ++numbers)}`;

/** Rings the voice webhook from `from` and returns who the new call belongs to and which Echo answers. */
async function ring(from: string): Promise<{ userId: string | null; echoId: string | null }> {
  const call = await TwilioCall.dial(net, { authToken, from });
  const row = await callBySid(env.DB, call.callSid);
  expect(row).not.toBeNull();
  return { userId: row!.user_id, echoId: row!.echo_id };
}

async function choosePhoneEcho(userId: string, echoId: string | null): Promise<void> {
  await db(env.DB).update(users).set({ phoneEchoId: echoId }).where(eq(users.id, userId));
}

describe("who answers a phone call", () => {
  it("the caller's chosen phone Echo, even when another of theirs is newer", async () => {
    const number = nextNumber();
    const owner = await createUser({ phoneNumber: number });
    const chosen = await createEcho(owner.user.id, { name: "Chosen", updatedAt: 1 });
    await createEcho(owner.user.id, { name: "Newer", updatedAt: 5 });
    await choosePhoneEcho(owner.user.id, chosen.id);
    expect(await ring(number)).toEqual({ userId: owner.user.id, echoId: chosen.id });
  });

  it("the latest active Echo once the chosen one is deactivated, or when none is chosen", async () => {
    const number = nextNumber();
    const owner = await createUser({ phoneNumber: number });
    const chosen = await createEcho(owner.user.id, { name: "Chosen", updatedAt: 9, isActive: false });
    const latest = await createEcho(owner.user.id, { name: "Latest", updatedAt: 5 });
    await createEcho(owner.user.id, { name: "Older", updatedAt: 1 });
    await createEcho(owner.user.id, { name: "Inactive newest", updatedAt: 20, isActive: false });
    await choosePhoneEcho(owner.user.id, chosen.id);
    expect(await ring(number)).toEqual({ userId: owner.user.id, echoId: latest.id });
    await choosePhoneEcho(owner.user.id, null);
    expect(await ring(number)).toEqual({ userId: owner.user.id, echoId: latest.id });
  });

  it("never another account's Echo, even if the user's row points at it", async () => {
    const number = nextNumber();
    const owner = await createUser({ phoneNumber: number });
    const other = await createUser();
    const theirs = await createEcho(other.user.id, { name: "Theirs", updatedAt: 50 });
    const mine = await createEcho(owner.user.id, { name: "Mine", updatedAt: 1 });
    await choosePhoneEcho(owner.user.id, theirs.id);
    expect(await ring(number)).toEqual({ userId: owner.user.id, echoId: mine.id });
  });

  it("a linked caller without an active Echo: the built-in assistant answers, and the call is theirs", async () => {
    const number = nextNumber();
    const owner = await createUser({ phoneNumber: number });
    await createEcho(owner.user.id, { isActive: false });
    expect(await ring(number)).toEqual({ userId: owner.user.id, echoId: null });
  });

  it("an unlinked or withheld number: the built-in assistant, and the call is nobody's", async () => {
    const someone = await createUser({ phoneNumber: nextNumber() });
    await createEcho(someone.user.id);
    expect(await ring(nextNumber())).toEqual({ userId: null, echoId: null });
    expect(await ring("+266696687")).toEqual({ userId: null, echoId: null });
  });
});
