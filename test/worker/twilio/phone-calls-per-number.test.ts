// Phone calls at once per caller number (PHONE_CALLS_PER_NUMBER, default 2): the voice webhook refuses
// one more with TwiML <Say> + <Hangup/>, leaving no call row behind; calls that come in at once cannot
// all pass; once a call ends, the number may call again.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LIMIT_DEFAULTS } from "../../../worker/config/limit-settings";
import { tooManyCallsMessage } from "../../../worker/limits/phone-calls";
import { sayAndHangUpTwiml } from "../../../worker/twilio/twiml";
import { callBySid, fetcherNetwork, postSigned, statusParams, voiceParams } from "../../support/twilio-webhooks";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;
const sid = () => `CA${crypto.randomUUID().replace(/-/g, "")}`;
const uniqueNumber = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

function ring(from: string, callSid = sid()) {
  const call = { callSid, from, to: "+15550100199", accountSid: "AC00000000000000000000000000000000" };
  return { call, answer: postSigned(net, "/twilio/voice", voiceParams(call), { authToken }).then(async (r) => ({ status: r.status, body: await r.text() })) };
}

async function rowsFrom(from: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from calls where from_number = ?").bind(from).first<{ n: number }>();
  return row!.n;
}

const connects = (body: string) => body.includes("<Connect><Stream");

describe("phone calls at once per caller number", { timeout: 30_000 }, () => {
  it(`a third call while ${LIMIT_DEFAULTS.phoneCallsPerNumber} are in progress hears why and is hung up; nothing is made for it`, async () => {
    const from = uniqueNumber();
    const first = ring(from);
    const second = ring(from);
    expect(connects((await first.answer).body)).toBe(true);
    expect(connects((await second.answer).body)).toBe(true);
    const third = ring(from);
    const refused = await third.answer;
    expect(refused.status).toBe(200);
    expect(refused.body).toBe(sayAndHangUpTwiml(tooManyCallsMessage(LIMIT_DEFAULTS.phoneCallsPerNumber)));
    expect(refused.body).toContain("<Say>Sorry, this number already has 2 calls with Echo going on, the most at once. Please end one and call again. Goodbye.</Say><Hangup/>");
    expect(await callBySid(env.DB, third.call.callSid)).toBeNull();
    expect(await rowsFrom(from)).toBe(2);
    // Another number is not affected.
    expect(connects((await ring(uniqueNumber()).answer).body)).toBe(true);

    // One call ends (Twilio's status callback): the number may call again.
    const ended = await postSigned(net, "/twilio/status", statusParams(first.call, "completed", 3), { authToken });
    expect(ended.status).toBeLessThan(300);
    await expectEventually(async () => connects((await ring(from).answer).body));
  });

  it("calls that come in at once: exactly as many as the limit connect", async () => {
    const from = uniqueNumber();
    const answers = await Promise.all(Array.from({ length: 5 }, () => ring(from).answer));
    expect(answers.filter((a) => connects(a.body))).toHaveLength(LIMIT_DEFAULTS.phoneCallsPerNumber);
    expect(answers.filter((a) => a.body.includes("<Hangup/>"))).toHaveLength(5 - LIMIT_DEFAULTS.phoneCallsPerNumber);
    expect(await rowsFrom(from)).toBe(LIMIT_DEFAULTS.phoneCallsPerNumber);
  });

  it("a retried webhook for a call already taken joins it, even at the limit", async () => {
    const from = uniqueNumber();
    const first = ring(from);
    expect(connects((await first.answer).body)).toBe(true);
    expect(connects((await ring(from).answer).body)).toBe(true);
    expect(connects((await ring(from, first.call.callSid).answer).body)).toBe(true);
    expect(await rowsFrom(from)).toBe(2);
  });
});

async function expectEventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("condition not met in time");
}
