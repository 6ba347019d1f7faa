// The idle timer of a phone call follows the caller (what they say, the keys they press), not the media
// frames: Twilio streams silence 50 times a second for as long as the line is open, so a caller who
// put the phone down would otherwise hold the call (and its model time) until the call's time limit.
import { env, exports } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CALL_IDLE_TIMEOUT_MS } from "../../../protocol/call-messages";
import { callStub, eventually } from "../support/call";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;
const SILENT_FRAME = btoa(String.fromCharCode(...new Uint8Array(160).fill(0xff))); // μ-law silence

describe("a phone call's idle timer", { timeout: 60_000 }, () => {
  it("a line that only streams silence past the idle timeout is ended (idle_timeout)", async () => {
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100977" });
    const row = (await callBySid(env.DB, call.callSid))!;
    await call.connect();
    await call.until(() => call.outboundOf("mark").length > 0, 20_000, "the greeting");
    // The simulator's own 20 ms clock stops; the frames below are sent by hand, at the faked time.
    (call as unknown as { running: boolean }).running = false;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + CALL_IDLE_TIMEOUT_MS + 1000);
      for (let i = 0; i < 25; i++) {
        call.sendRaw({ event: "media", sequenceNumber: String(10_000 + i), media: { track: "inbound", chunk: String(10_000 + i), timestamp: String(i * 20), payload: SILENT_FRAME }, streamSid: call.streamSid });
      }
      await new Promise((resolve) => setTimeout(resolve, 200)); // the frames have arrived
      expect(await runDurableObjectAlarm(callStub(row.id))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const ended = await eventually(async () => {
      const r = await callBySid(env.DB, call.callSid);
      return r?.status !== "in-progress" ? r : null;
    }, 15_000);
    expect(ended).toMatchObject({ status: "abandoned", end_reason: "idle_timeout" });
    await call.drop();
  });
});
