// The Worker's WebCrypto Twilio signature code against the official `twilio` helper library.
import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { signedPayload, twilioSignature, verifyTwilioSignature } from "../../../worker/twilio/signature";

const TOKEN = "12345678901234567890123456789012";

describe("X-Twilio-Signature", () => {
  const cases: [string, Record<string, string>][] = [
    ["https://echo.test/twilio/voice", { CallSid: "CA123", From: "+15550100123", To: "+15550100199", AccountSid: "AC1", CallStatus: "ringing" }],
    ["https://echo.test/twilio/status", { CallSid: "CA123", CallStatus: "completed", CallDuration: "42", Caller: "+1 (555) 010-0123" }],
    ["wss://echo.test/twilio/media", {}],
    ["https://echo.test/twilio/voice?x=1&y=ü", { Body: "héllo & <tags>", a: "", Z: "upper sorts first" }],
  ];

  it("computes the same signature as twilio.getExpectedTwilioSignature", async () => {
    for (const [url, params] of cases) {
      expect(await twilioSignature(TOKEN, url, params)).toBe(twilio.getExpectedTwilioSignature(TOKEN, url, params));
    }
  });

  it("accepts what the library signs (with or without the default port) and the library accepts ours", async () => {
    for (const [url, params] of cases) {
      const sig = twilio.getExpectedTwilioSignature(TOKEN, url, params);
      expect(await verifyTwilioSignature(TOKEN, sig, url, params)).toBe(true);
      expect(twilio.validateRequest(TOKEN, await twilioSignature(TOKEN, url, params), url, params)).toBe(true);
    }
    const withPort = twilio.getExpectedTwilioSignature(TOKEN, "https://echo.test:443/twilio/voice", { A: "1" });
    expect(await verifyTwilioSignature(TOKEN, withPort, "https://echo.test/twilio/voice", { A: "1" })).toBe(true);
  });

  it("rejects forged, tampered, missing and malformed signatures", async () => {
    const url = "https://echo.test/twilio/voice";
    const params = { CallSid: "CA1", From: "+15550100123" };
    const good = twilio.getExpectedTwilioSignature(TOKEN, url, params);
    expect(await verifyTwilioSignature("another-token", good, url, params)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, good, url, { ...params, From: "+15550100999" })).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, good, "https://evil.test/twilio/voice", params)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, good, url, { ...params, Extra: "1" })).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, null, url, params)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, "", url, params)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, "not base64 at all!", url, params)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, good.slice(0, -4), url, params)).toBe(false);
    expect(await verifyTwilioSignature("", good, url, params)).toBe(false);
  });

  it("signs URL + sorted name/value pairs, repeated names with each distinct value", () => {
    const p = new URLSearchParams([["b", "2"], ["a", "1"], ["b", "1"], ["b", "2"]]);
    expect(signedPayload("https://x/y", p)).toBe("https://x/ya1b1b2");
  });
});
