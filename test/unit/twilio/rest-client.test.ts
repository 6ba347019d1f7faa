// The Twilio REST client's wire and retry rules: form-encoded create with basic auth, Twilio's JSON
// errors parsed (digits masked in the message), transient errors retried with backoff except where a
// retry could ring twice.
import { describe, expect, it } from "vitest";
import { createCallForm, createTwilioCall } from "../../../worker/twilio/rest-calls";
import { REST_MAX_ATTEMPTS, TwilioRestError, twilioRequest } from "../../../worker/twilio/rest-client";

const settings = { accountSid: "AC" + "0".repeat(32), apiKeySid: "SK" + "1".repeat(32), apiKeySecret: "secret", baseUrl: "https://api.twilio.test" };
const call = { to: "+15550100123", from: "+15550100199", url: "https://echo.test/twilio/voice?callback=x&attempt=1", statusCallback: "https://echo.test/twilio/status?callback=x&attempt=1" };

function fakeFetch(answers: (() => Response)[]) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}
const twilioError = (status: number, code: number, message: string) => () => Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });
const noSleep = async () => {};

describe("Twilio REST client", () => {
  it("creates a call: form-encoded POST to the account's Calls.json with basic auth and every parameter", async () => {
    const { fetch, requests } = fakeFetch([() => Response.json({ sid: "CA123", status: "queued" }, { status: 201 })]);
    expect(await createTwilioCall(settings, call, { fetch, sleep: noSleep })).toMatchObject({ sid: "CA123", status: "queued" });
    const req = requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe(`https://api.twilio.test/2010-04-01/Accounts/${settings.accountSid}/Calls.json`);
    expect(req.headers.get("authorization")).toBe(`Basic ${btoa(`${settings.apiKeySid}:secret`)}`);
    expect(req.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(await req.text());
    expect(Object.fromEntries(form)).toMatchObject({ To: call.to, From: call.from, Url: call.url, Method: "POST", StatusCallback: call.statusCallback, MachineDetection: "DetectMessageEnd" });
    expect(form.getAll("StatusCallbackEvent")).toEqual(["initiated", "ringing", "answered", "completed"]);
    expect(createCallForm(call).toString()).toBe(form.toString());
  });

  it("a create is retried only when Twilio refused it unprocessed (429, 503); a 500 or no answer is not", async () => {
    const limited = fakeFetch([twilioError(429, 20429, "Too Many Requests"), () => Response.json({ sid: "CA9", status: "queued" }, { status: 201 })]);
    expect((await createTwilioCall(settings, call, { fetch: limited.fetch, sleep: noSleep })).sid).toBe("CA9");
    expect(limited.requests).toHaveLength(2);

    const internal = fakeFetch([twilioError(500, 20500, "Internal Server Error"), () => Response.json({ sid: "CA10" }, { status: 201 })]);
    const err = await createTwilioCall(settings, call, { fetch: internal.fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TwilioRestError);
    expect(err).toMatchObject({ status: 500, code: 20500, transient: true });
    expect(internal.requests).toHaveLength(1);

    const dropped = fakeFetch([]);
    const lost = await createTwilioCall(settings, call, { fetch: dropped.fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(lost).toMatchObject({ status: 0, transient: true });
    expect(dropped.requests).toHaveLength(1);
  });

  it("idempotent requests retry 5xx up to the limit; a refused request (4xx) is not retried and its message hides numbers", async () => {
    const down = fakeFetch(Array.from({ length: REST_MAX_ATTEMPTS }, () => twilioError(502, 20502, "Bad Gateway")));
    await expect(twilioRequest(settings, "GET", "Calls/CA1.json", null, "transient", { fetch: down.fetch, sleep: noSleep })).rejects.toMatchObject({ status: 502 });
    expect(down.requests).toHaveLength(REST_MAX_ATTEMPTS);

    const refused = fakeFetch([twilioError(400, 21211, "Invalid 'To' Phone Number: +15550100123")]);
    const err = await createTwilioCall(settings, call, { fetch: refused.fetch, sleep: noSleep }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 21211, transient: false });
    expect((err as Error).message).not.toContain("5550100123");
    expect(refused.requests).toHaveLength(1);

    const html = fakeFetch([() => new Response("<html>oops</html>", { status: 401, statusText: "Unauthorized" })]);
    await expect(createTwilioCall(settings, call, { fetch: html.fetch, sleep: noSleep })).rejects.toMatchObject({ status: 401, code: null });
  });
});
