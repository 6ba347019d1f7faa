// A user's browser test calls may add up to TEST_CALL_MINUTES_PER_DAY (default 120) in 24 hours: one
// more start_call is refused with a readable error ("daily-limit") and makes no call.
import { describe, expect, it } from "vitest";
import { LIMIT_DEFAULTS } from "../../../worker/config/limit-settings";
import { dailyLimitMessage } from "../../../worker/call/setup/browser-start";
import { callCount } from "../support/call";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { createUser } from "../support/users";
import { connect } from "../support/ws";

const limit = LIMIT_DEFAULTS.testCallMinutesPerDay;

async function start(owner: Awaited<ReturnType<typeof createUser>>, echoId: string) {
  const socket = await connect("/ws/call", { cookie: owner.cookie });
  socket.send({ type: "start_call", echoId, userId: owner.user.id, callType: "browser_test" });
  return { socket, first: await socket.next<{ type: string; code?: string; error?: string }>((m) => m.type === "call_started" || m.type === "error", 15_000) };
}

describe("test call minutes per day", { timeout: 60_000 }, () => {
  it(`with ${limit} minutes of test calls in the last 24 hours, the next start is refused; calls older than a day and phone calls don't count`, async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const now = Date.now();
    // A day and more ago, and phone calls: not counted.
    await createCall(owner.user.id, { callType: "browser_test", startTime: now - 25 * 3600_000, duration: limit * 60 });
    await createCall(owner.user.id, { callType: "phone", startTime: now - 3600_000, duration: limit * 60 });
    // A minute short of the limit today: the next call starts.
    await createCall(owner.user.id, { callType: "browser_test", startTime: now - 5 * 3600_000, duration: (limit - 1) * 60 });
    const allowed = await start(owner, echo.id);
    expect(allowed.first.type).toBe("call_started");
    allowed.socket.send({ type: "end_call" });
    await allowed.socket.next("call_ended", 15_000);

    await createCall(owner.user.id, { callType: "browser_test", startTime: now - 4 * 3600_000, duration: 60 });
    const calls = await callCount(owner.user.id);
    const refused = await start(owner, echo.id);
    expect(refused.first).toEqual({ type: "error", code: "daily-limit", error: dailyLimitMessage(limit) });
    expect(refused.first.error).toBe(`You have had ${limit} minutes of test calls in the last 24 hours, the most a day. Please try again later.`);
    expect(await callCount(owner.user.id)).toBe(calls);
    refused.socket.close();
  });
});
