// Twilio routes accept only requests signed with our auth token over our public URL, media streams
// only with a valid stream token for the right call, and nothing at all without a configured token.
// Signatures are made with the official `twilio` helper library.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { createStreamToken } from "../../worker/twilio/stream-token";
import { TwilioCall } from "./support/twilio-sim";
import { callBySid, fetcherNetwork, postSigned, statusParams, voiceParams } from "./support/twilio-webhooks";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;
const callByProviderId = (sid: string) => callBySid(env.DB, sid);
const someCall = { callSid: "CA" + "1".repeat(32), from: "+15550100911", to: "+15550100199", accountSid: "AC" + "0".repeat(32) };

async function callCount(): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from calls").first<{ n: number }>())!.n;
}

describe("Twilio signatures", () => {
  it("POST /twilio/voice: missing, forged, wrong-token and tampered signatures → 403, nothing created", async () => {
    const before = await callCount();
    const params = voiceParams(someCall);
    const url = "https://echo.test/twilio/voice";
    const attempts: (string | null)[] = [
      null,
      "",
      "forged-signature",
      twilio.getExpectedTwilioSignature("not-our-token", url, params),
      twilio.getExpectedTwilioSignature(authToken, "https://attacker.example/twilio/voice", params),
      twilio.getExpectedTwilioSignature(authToken, url, { ...params, From: "+15550100000" }),
    ];
    for (const signature of attempts) {
      const res = await postSigned(net, "/twilio/voice", params, { authToken, signature });
      expect([signature, res.status]).toEqual([signature, 403]);
    }
    expect(await callCount()).toBe(before);
  });

  it("POST /twilio/status: unsigned or forged → 403 and the call is untouched", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    const row = await callByProviderId(call.callSid);
    for (const signature of [null, "AAAA", twilio.getExpectedTwilioSignature("wrong", "https://echo.test/twilio/status", statusParams(call, "completed", 30))]) {
      const res = await postSigned(net, "/twilio/status", statusParams(call, "completed", 30), { authToken, signature });
      expect(res.status).toBe(403);
    }
    expect(await callByProviderId(call.callSid)).toEqual(row);
    expect(row?.status).toBe("in-progress");
  });

  it("GET /twilio/media: an upgrade without a valid signature of the wss:// URL → 403", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    const signed = (u: string) => twilio.getExpectedTwilioSignature(authToken, u, {});
    for (const signature of [null, "bogus", signed("https://echo.test/twilio/media"), signed("wss://evil.example/twilio/media")]) {
      await expect(call.connect({ signature })).rejects.toThrow(/answered 403/);
    }
  });

  it("GET /twilio/media without an upgrade → 426", async () => {
    const res = await exports.default.fetch("https://echo.test/twilio/media", {
      headers: { "X-Twilio-Signature": twilio.getExpectedTwilioSignature(authToken, "wss://echo.test/twilio/media", {}) },
    });
    expect(res.status).toBe(426);
  });
});

describe("stream tokens", () => {
  it("a start without the token, with a forged one, or with another call's token is closed with 1008", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    const other = await TwilioCall.dial(net, { authToken });
    const foreign = other.twiml!.parameters;
    const expired = { token: await createStreamToken(authToken, { callId: "x", callSid: call.callSid }, Date.now() - 10 * 60_000) };
    for (const customParameters of [{}, { token: "abc.def" }, foreign, expired]) {
      const attempt = await TwilioCall.dial(net, { authToken, callSid: call.callSid, from: call.from });
      await attempt.connect({ customParameters });
      await attempt.until(() => attempt.closed !== null, 5000, "close");
      expect(attempt.closed?.code).toBe(1008);
      expect(attempt.outbound).toEqual([]);
    }
    // The call itself is still waiting for its stream, untouched.
    expect((await callByProviderId(call.callSid))?.status).toBe("in-progress");
  });

  it("the Worker refuses a second media stream for a call that already has one", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    await call.connect();
    const twin = await TwilioCall.dial(net, { authToken, callSid: call.callSid, from: call.from });
    await twin.connect({ customParameters: call.twiml!.parameters });
    await twin.until(() => twin.closed !== null, 5000, "close of the second stream");
    expect(twin.closed?.code).toBe(1011);
    await call.hangUp();
  });
});

describe("configuration", () => {
  it("without TWILIO_AUTH_TOKEN every Twilio route answers 503 with a clear message, even when signed", async () => {
    const noToken = { ...env, TWILIO_AUTH_TOKEN: undefined };
    const params = voiceParams(someCall);
    const body = new URLSearchParams(params).toString();
    const sig = twilio.getExpectedTwilioSignature("", "https://echo.test/twilio/voice", params);
    for (const [method, path] of [["POST", "/twilio/voice"], ["POST", "/twilio/status"], ["GET", "/twilio/media"]] as const) {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request(`https://echo.test${path}`, {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": sig, ...(method === "GET" ? { Upgrade: "websocket" } : {}) },
          body: method === "POST" ? body : undefined,
        }),
        noToken,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/TWILIO_AUTH_TOKEN/);
    }
  });

  it("Twilio routes are not behind the /api Origin check (Twilio sends no Origin)", async () => {
    const res = await postSigned(net, "/twilio/voice", voiceParams({ ...someCall, callSid: "CA" + "2".repeat(32) }), { authToken });
    expect(res.status).toBe(200);
  });
});
