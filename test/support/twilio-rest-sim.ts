// A stand-in for Twilio's REST API (Calls resource, 2010-04-01) that speaks its wire protocol exactly,
// and plays Twilio's side of the outbound calls it creates:
//  - POST /2010-04-01/Accounts/{AccountSid}/Calls.json, application/x-www-form-urlencoded, HTTP basic
//    auth with an API key (SK…) and its secret; 201 with the Call resource as JSON; errors as Twilio
//    sends them, JSON { code, message, more_info, status } (20003 authenticate, 20404 unknown account,
//    21201 no To, 21205 no Url, 21213 no From, 20429 too many requests, 20500 internal error);
//  - then, when the test says what happens at the other end: signed status callbacks (initiated,
//    ringing, in-progress, completed / no-answer / busy / failed, with AnsweredBy once detection ran)
//    to the call's StatusCallback, and the voice webhook (its Url) with AnsweredBy once answering-machine
//    detection (DetectMessageEnd) decided — a person's answer drives the media-stream simulator
//    (twilio-sim.ts).
// Inside workerd it takes the place of the network for its origin (install(): the Worker's and its
// Durable Objects' fetch of that origin reaches it; every other request goes out as before).
import { onTestFinished, vi } from "vitest";
import { TwilioCall } from "./twilio-sim";
import { postSigned, type SimNetwork } from "./twilio-webhooks";

export interface RestSimOptions {
  origin: string;
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** The auth token webhooks are signed with. */
  authToken: string;
  /** Where the webhooks go (the Worker). */
  net: SimNetwork;
}

export interface CreatedCall {
  sid: string;
  to: string;
  from: string;
  url: string;
  statusCallback: string | null;
  statusCallbackEvents: string[];
  machineDetection: string | null;
  timeout: string | null;
  form: URLSearchParams;
}

interface QueuedError {
  status: number;
  code: number;
  message: string;
}

function sid(prefix: string): string {
  return prefix + Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function twilioError(status: number, code: number, message: string): Response {
  return Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });
}

export class TwilioRestSim {
  readonly calls: CreatedCall[] = [];
  /** Every request that reached the stand-in (method and path). */
  readonly requests: { method: string; path: string }[] = [];
  private readonly errors: QueuedError[] = [];

  constructor(private readonly opts: RestSimOptions) {}

  /** The next create answers with this Twilio error (queue several for several requests). */
  failNext(status: number, code: number, message: string): void {
    this.errors.push({ status, code, message });
  }

  /** From now until the test ends, fetches of this stand-in's origin reach it. */
  install(): void {
    const real = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).origin !== this.opts.origin) return real(input, init);
      return this.handle(request);
    });
    onTestFinished(() => spy.mockRestore());
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.requests.push({ method: request.method, path: url.pathname });
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(url.pathname);
    if (!match) return twilioError(404, 20404, "The requested resource was not found");
    const expected = `Basic ${btoa(`${this.opts.apiKeySid}:${this.opts.apiKeySecret}`)}`;
    if (request.headers.get("authorization") !== expected) return twilioError(401, 20003, "Authenticate");
    if (decodeURIComponent(match[1]!) !== this.opts.accountSid) return twilioError(404, 20404, `The requested resource /2010-04-01/Accounts/${match[1]}/Calls.json was not found`);
    if (request.method !== "POST") return twilioError(405, 20004, "Method not allowed");
    if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return twilioError(400, 20001, "Unsupported Media Type");
    const queued = this.errors.shift();
    if (queued) return twilioError(queued.status, queued.code, queued.message);
    const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    const to = form.get("To");
    const from = form.get("From");
    const callUrl = form.get("Url");
    if (!to) return twilioError(400, 21201, "No 'To' number is specified");
    if (!from) return twilioError(400, 21213, "No 'From' number is specified");
    if (!callUrl) return twilioError(400, 21205, "Url parameter is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    const call: CreatedCall = {
      sid: sid("CA"),
      to,
      from,
      url: callUrl,
      statusCallback: form.get("StatusCallback"),
      statusCallbackEvents: form.getAll("StatusCallbackEvent"),
      machineDetection: form.get("MachineDetection"),
      timeout: form.get("Timeout"),
      form,
    };
    this.calls.push(call);
    const now = new Date().toUTCString();
    return Response.json(
      {
        account_sid: this.opts.accountSid,
        annotation: null,
        answered_by: null,
        api_version: "2010-04-01",
        caller_name: null,
        date_created: now,
        date_updated: now,
        direction: "outbound-api",
        duration: null,
        end_time: null,
        forwarded_from: null,
        from,
        from_formatted: from,
        group_sid: null,
        parent_call_sid: null,
        phone_number_sid: null,
        price: null,
        price_unit: "USD",
        sid: call.sid,
        start_time: null,
        status: "queued",
        subresource_uris: {},
        to,
        to_formatted: to,
        trunk_sid: null,
        uri: `/2010-04-01/Accounts/${this.opts.accountSid}/Calls/${call.sid}.json`,
        queue_time: "0",
      },
      { status: 201 },
    );
  }

  private baseParams(call: CreatedCall, status: string): Record<string, string> {
    return {
      AccountSid: this.opts.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: call.sid,
      CallStatus: status,
      Called: call.to,
      Caller: call.from,
      Direction: "outbound-api",
      From: call.from,
      To: call.to,
    };
  }

  /** The path (and query) of one of our URLs, for the network, which adds the public origin. */
  private pathOf(url: string): string {
    const u = new URL(url);
    if (u.origin !== this.opts.net.publicHost) throw new Error(`Twilio was given a URL outside the public host: ${url}`);
    return u.pathname + u.search;
  }

  /** A signed status callback for `call` (when its events asked for this one). */
  async status(call: CreatedCall, status: string, extra: Record<string, string> = {}): Promise<Response | null> {
    if (!call.statusCallback) return null;
    const event = status === "in-progress" ? "answered" : ["completed", "no-answer", "busy", "failed", "canceled"].includes(status) ? "completed" : status;
    if (!call.statusCallbackEvents.includes(event)) return null;
    const params = { ...this.baseParams(call, status), CallbackSource: "call-progress-events", Timestamp: new Date().toUTCString(), SequenceNumber: "0", ...extra };
    return postSigned(this.opts.net, this.pathOf(call.statusCallback), params, { authToken: this.opts.authToken });
  }

  /** The voice webhook Twilio requests once the call is answered and detection decided (`answeredBy`). */
  async requestUrl(call: CreatedCall, answeredBy: string): Promise<{ status: number; body: string }> {
    const params = { ...this.baseParams(call, "in-progress"), ...(call.machineDetection ? { AnsweredBy: answeredBy, MachineDetectionDuration: "2100" } : {}) };
    const res = await postSigned(this.opts.net, this.pathOf(call.url), params, { authToken: this.opts.authToken });
    return { status: res.status, body: await res.text() };
  }

  /** Rings, and a person picks up: the media stream of the answered call (not yet connected). */
  async answerByPerson(call: CreatedCall): Promise<TwilioCall> {
    await this.status(call, "initiated");
    await this.status(call, "ringing");
    const answer = await this.requestUrl(call, "human");
    if (answer.status !== 200) throw new Error(`voice webhook answered ${answer.status}: ${answer.body}`);
    await this.status(call, "in-progress", { AnsweredBy: "human" });
    return TwilioCall.answered(this.opts.net, { authToken: this.opts.authToken, callSid: call.sid, from: call.to, to: call.from, accountSid: this.opts.accountSid }, answer.body);
  }

  /** Rings, a voicemail answers; our TwiML is played after the beep, then the call completes. */
  async answerByMachine(call: CreatedCall, durationSec = 12): Promise<string> {
    await this.status(call, "initiated");
    await this.status(call, "ringing");
    const answer = await this.requestUrl(call, "machine_end_beep");
    await this.status(call, "in-progress", { AnsweredBy: "machine_end_beep" });
    await this.status(call, "completed", { AnsweredBy: "machine_end_beep", CallDuration: String(durationSec), Duration: String(Math.ceil(durationSec / 60)) });
    return answer.body;
  }

  /** Rings and nobody takes it (or busy / failed): the final status callback. */
  async reachNobody(call: CreatedCall, status: "no-answer" | "busy" | "failed" = "no-answer"): Promise<void> {
    await this.status(call, "initiated");
    if (status !== "failed") await this.status(call, "ringing");
    await this.status(call, status, { CallDuration: "0", Duration: "0" });
  }

  /** The answered call ends (the person hung up): Twilio's final status callback. */
  async completed(call: CreatedCall, durationSec: number): Promise<Response | null> {
    return this.status(call, "completed", { AnsweredBy: "human", CallDuration: String(durationSec), Duration: String(Math.ceil(durationSec / 60)) });
  }
}
