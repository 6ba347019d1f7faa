// Twilio routes accept only requests signed with our auth token over our public URL, media streams
// only on the path of a call that waits for its stream and with a valid stream token for that call, and
// nothing at all without a configured token. Signatures are made with the official `twilio` helper library.
import { createExecutionContext, listDurableObjectIds, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { createStreamToken } from "../../../worker/twilio/stream-token";
import { eventually, startTestCall } from "../support/call";
import { createEcho } from "../support/echoes";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork, postSigned, statusParams, voiceParams } from "../../support/twilio-webhooks";
import { createUser } from "../support/users";

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

  it("GET /twilio/media/:callId: an upgrade without a valid signature of that call's wss:// URL → 403", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    const other = await TwilioCall.dial(net, { authToken });
    const url = new URL(call.twiml!.streamUrl);
    const signed = (u: string) => twilio.getExpectedTwilioSignature(authToken, u, {});
    for (const signature of [
      null,
      "bogus",
      signed(`https://echo.test${url.pathname}`),
      signed(`wss://evil.example${url.pathname}`),
      signed(other.twiml!.streamUrl), // another call's stream URL
      signed("wss://echo.test/twilio/media"), // the old fixed path
      twilio.getExpectedTwilioSignature("not-our-token", call.twiml!.streamUrl, {}),
    ]) {
      await expect(call.connect({ signature })).rejects.toThrow(/answered 403/);
    }
    // Still waiting for its stream: the properly signed upgrade is accepted.
    await call.connect();
    await call.until(() => call.outboundOf("media").length > 0, 10_000, "the greeting");
    await call.hangUp();
  });

  it("GET /twilio/media/:callId without an upgrade → 426", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    const res = await exports.default.fetch(call.twiml!.streamUrl.replace(/^wss:/, "https:"), {
      headers: { "X-Twilio-Signature": twilio.getExpectedTwilioSignature(authToken, call.twiml!.streamUrl, {}) },
    });
    expect(res.status).toBe(426);
  });

  it("the old fixed /twilio/media path is gone: 404 even when signed", async () => {
    const res = await net.openSocket("/twilio/media", { "X-Twilio-Signature": twilio.getExpectedTwilioSignature(authToken, "wss://echo.test/twilio/media", {}) });
    expect(res.status).toBe(404);
    expect(res.socket).toBeNull();
  });
});

describe("media stream paths", () => {
  const signedUpgrade = (path: string) => net.openSocket(path, { "X-Twilio-Signature": twilio.getExpectedTwilioSignature(authToken, `wss://echo.test${path}`, {}) });

  it("unknown call ids are refused with 404 before any Durable Object is created", async () => {
    const unknown = crypto.randomUUID();
    for (const path of [`/twilio/media/${unknown}`, "/twilio/media/not-a-call", `/twilio/media/${"a".repeat(300)}`]) {
      const res = await signedUpgrade(path);
      expect([path, res.status, res.socket]).toEqual([path, 404, null]);
    }
    const ids = await listDurableObjectIds(env.CALL_SESSION);
    expect(ids.some((id) => id.equals(env.CALL_SESSION.idFromName(unknown)))).toBe(false);
    expect(ids.some((id) => id.equals(env.CALL_SESSION.idFromName("not-a-call")))).toBe(false);
  });

  it("a browser test call's id is not a phone call: 404", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const started = await startTestCall({ owner, echo });
    const res = await signedUpgrade(`/twilio/media/${started.callId}`);
    expect(res.status).toBe(404);
    started.socket.close();
  });

  it("a finished call's stream path answers 410 and the call stays finished", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    await call.connect();
    await call.hangUp();
    const ended = await eventually(async () => {
      const r = await callByProviderId(call.callSid);
      return r?.status === "completed" ? r : null;
    });
    const res = await signedUpgrade(new URL(call.twiml!.streamUrl).pathname);
    expect(res.status).toBe(410);
    expect(await callByProviderId(call.callSid)).toEqual(ended);
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
    // The call itself is still waiting for its stream, untouched: its own stream is then accepted.
    expect((await callByProviderId(call.callSid))?.status).toBe("in-progress");
    await call.connect();
    await call.until(() => call.outboundOf("media").length > 0, 10_000, "the greeting");
    await call.hangUp();
    expect(call.closed?.code).toBe(1000);
  });

  it("a stream whose first frame after `connected` is not `start` is closed with 1008; the call keeps waiting", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    const url = call.twiml!.streamUrl;
    const media = { event: "media", sequenceNumber: "2", streamSid: "MZ1", media: { track: "inbound", chunk: "1", timestamp: "0", payload: "/w==" } };
    for (const first of [JSON.stringify(media), "not json", new Uint8Array([1, 2, 3]).buffer]) {
      const { status, socket } = await net.openSocket(new URL(url).pathname, { "X-Twilio-Signature": twilio.getExpectedTwilioSignature(authToken, url, {}) });
      expect(status).toBe(101);
      const closed = new Promise<number>((resolve) => socket!.addEventListener("close", (ev) => resolve(ev.code)));
      socket!.send(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" }));
      socket!.send(first);
      expect(await closed).toBe(1008);
    }
    expect((await callByProviderId(call.callSid))?.status).toBe("in-progress");
    await call.connect();
    await call.until(() => call.outboundOf("media").length > 0, 10_000, "the greeting");
    await call.hangUp();
  });

  it("the call's object refuses a second media stream for a call that already has one (409)", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    await call.connect();
    const twin = await TwilioCall.dial(net, { authToken, callSid: call.callSid, from: call.from });
    expect(twin.twiml!.streamUrl).toBe(call.twiml!.streamUrl);
    await expect(twin.connect({ customParameters: call.twiml!.parameters })).rejects.toThrow(/answered 409/);
    await call.until(() => call.outboundOf("media").length > 0, 10_000, "the greeting on the first stream");
    await call.hangUp();
  });
});

describe("configuration", () => {
  it("without TWILIO_AUTH_TOKEN every Twilio route answers 503 with a clear message, even when signed", async () => {
    const noToken = { ...env, TWILIO_AUTH_TOKEN: undefined };
    const params = voiceParams(someCall);
    const body = new URLSearchParams(params).toString();
    const sig = twilio.getExpectedTwilioSignature("", "https://echo.test/twilio/voice", params);
    for (const [method, path] of [["POST", "/twilio/voice"], ["POST", "/twilio/status"], ["GET", `/twilio/media/${crypto.randomUUID()}`]] as const) {
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
