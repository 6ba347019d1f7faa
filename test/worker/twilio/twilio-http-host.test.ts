// PUBLIC_HOST on plain http (a local Twilio simulator on localhost): webhooks are verified against the
// http:// URL Twilio would have signed, and the TwiML stream URL is ws://. Any other http host is
// refused at start (test/worker/ai/ai-settings.test.ts, PUBLIC_HOST).
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { parseConnectStream, voiceParams } from "../../support/twilio-webhooks";

const HOST = "http://localhost:8787";
const localEnv = { ...env, PUBLIC_HOST: HOST };

async function postVoice(signedUrl: string): Promise<Response> {
  const params = voiceParams({ callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`, from: "+15550100777", to: "+15550100199", accountSid: "AC1" });
  const signature = twilio.getExpectedTwilioSignature(env.TWILIO_AUTH_TOKEN ?? "", signedUrl, params);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${HOST}/twilio/voice`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
      body: new URLSearchParams(params).toString(),
    }),
    localEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe("PUBLIC_HOST=http://localhost…", () => {
  it("verifies the signature over the http:// URL and streams over ws://", async () => {
    const res = await postVoice(`${HOST}/twilio/voice`);
    expect(res.status).toBe(200);
    expect(parseConnectStream(await res.text()).streamUrl).toMatch(/^ws:\/\/localhost:8787\/twilio\/media\/[0-9a-f-]{36}$/);
  });

  it("refuses a signature made over the https:// URL", async () => {
    const res = await postVoice("https://localhost:8787/twilio/voice");
    expect(res.status).toBe(403);
  });
});
