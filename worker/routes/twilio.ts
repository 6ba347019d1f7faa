// Twilio's three endpoints. None is under /api (Twilio sends no Origin and no session): every request
// is authenticated by its X-Twilio-Signature, computed over our PUBLIC URL (PUBLIC_HOST + path), and
// the media stream additionally by the short-lived token /twilio/voice put into its <Parameter>, which
// the call's Durable Object checks on the stream's `start` frame.
// Without TWILIO_AUTH_TOKEN nothing is accepted: 503 with a message saying what to configure.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env";
import { callSessionStub, callSessionUpgrade } from "../call/internal-request";
import type { PhoneCallSetup } from "../call/setup/phone-start";
import { incomingCall } from "../db/answerer";
import { createCallRow, createPhoneCallRow, finalizeCall, CALL_IN_PROGRESS, type FinalStatus } from "../db/call-writes";
import { db } from "../db/client";
import { phoneCallBySid, phoneCallStatus, setProviderDuration } from "../db/phone-calls";
import { upgradeResponse } from "../http/websocket";
import { identifiableNumber } from "../twilio/caller-id";
import { verifyTwilioSignature } from "../twilio/signature";
import { createStreamToken } from "../twilio/stream-token";
import { connectStreamTwiml, sayAndHangUpTwiml } from "../twilio/twiml";
import { PHONE_CALL_COUNTS_MS, tooManyCallsMessage } from "../limits/phone-calls";
import { verifiedCaller } from "../twilio/caller-id";
import { answerCallback } from "../callbacks/answer";
import { callbackProgress } from "../callbacks/progress";
import { answerLinkCall } from "../callbacks/link-call";
import { timeZoneOf } from "../db/users";

const NOT_CONFIGURED =
  "Twilio is not configured on this server: set the TWILIO_AUTH_TOKEN secret (see docs/twilio.md). Requests cannot be verified, so none are accepted.";

/** Terminal CallStatus values and the call status they finalize to. */
const FINAL_STATUS: Record<string, FinalStatus> = {
  completed: "completed",
  failed: "failed",
  busy: "abandoned",
  "no-answer": "abandoned",
  canceled: "abandoned",
};

/** Our call ids (crypto.randomUUID): anything else in a media stream path is refused without a lookup. */
const CALL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The URL Twilio requested, as Twilio sees it: our public origin, the path and the query. https/wss,
 * or http/ws when PUBLIC_HOST is a plain-http loopback origin (a local simulator; config/config.ts refuses
 * plain http for any other host).
 */
function publicUrl(c: Context<AppEnv>, kind: "http" | "ws" = "http"): string {
  const cfg = c.var.config;
  const requested = new URL(c.req.url);
  const origin = new URL(cfg.publicHost ?? requested.origin);
  const secure = !cfg.publicHost || origin.protocol === "https:";
  const scheme = kind === "ws" ? (secure ? "wss" : "ws") : secure ? "https" : "http";
  return `${scheme}://${origin.host}${requested.pathname}${requested.search}`;
}

function authToken(c: Context<AppEnv>): string | null {
  return c.var.config.twilioAuthToken;
}

async function signedForm(c: Context<AppEnv>, token: string): Promise<URLSearchParams | null> {
  const params = new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));
  const ok = await verifyTwilioSignature(token, c.req.header("x-twilio-signature"), publicUrl(c), params);
  return ok ? params : null;
}

function forbidden(c: Context<AppEnv>): Response {
  return c.text("Invalid Twilio signature.", 403);
}

function twiml(c: Context<AppEnv>, xml: string): Response {
  return c.body(xml, 200, { "Content-Type": "text/xml; charset=utf-8" });
}

/** A callback we placed names itself in its webhooks' (signed) query: ?callback=<id>&attempt=<n>. */
function callbackOfQuery(c: Context<AppEnv>): { callbackId: string; attempt: number } | null {
  const callbackId = c.req.query("callback");
  const attempt = Number(c.req.query("attempt"));
  if (!callbackId || !CALL_ID.test(callbackId) || !Number.isInteger(attempt) || attempt < 1) return null;
  return { callbackId, attempt };
}

/** TwiML that connects the call's media stream to its Durable Object, with a stream token for it. */
async function connectStream(c: Context<AppEnv>, token: string, callId: string, callSid: string): Promise<Response> {
  const streamToken = await createStreamToken(token, { callId, callSid });
  const streamUrl = new URL(`/twilio/media/${callId}`, publicUrl(c, "ws")).href;
  return twiml(c, connectStreamTwiml(streamUrl, { token: streamToken }));
}

/** The voice webhook of a callback we placed: a person gets the Echo (verified), a machine a short message. */
async function answerPlacedCallback(c: Context<AppEnv>, token: string, params: URLSearchParams, callSid: string, callback: { callbackId: string; attempt: number }): Promise<Response> {
  const answer = await answerCallback(c.env, { ...callback, callSid, answeredBy: params.get("AnsweredBy") || null, publicNumber: c.var.config.phoneNumber });
  if (answer.kind === "say") return twiml(c, sayAndHangUpTwiml(answer.message));
  await callSessionStub(c.env, answer.setup.callId).preparePhoneCall(answer.setup);
  return connectStream(c, token, answer.setup.callId, callSid);
}

export const twilioRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!authToken(c)) return c.text(NOT_CONFIGURED, 503);
    await next();
  })
  .use(bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text("Request body too large.", 413) }))

  /** The voice webhook: a call comes in. */
  .post("/voice", async (c) => {
    const token = authToken(c)!;
    const params = await signedForm(c, token);
    if (!params) return forbidden(c);
    const callSid = params.get("CallSid");
    if (!callSid) return c.text("CallSid is missing.", 400);
    const callback = callbackOfQuery(c);
    if (callback) return answerPlacedCallback(c, token, params, callSid, callback);
    const linkFor = c.req.query("link");
    if (linkFor && CALL_ID.test(linkFor)) {
      // A call we placed so the owner can link the number we dialled (To).
      const setup = await answerLinkCall(c.env, { userId: linkFor, callSid, to: params.get("To") });
      if (!setup) return twiml(c, sayAndHangUpTwiml("Sorry, this call is no longer needed. Goodbye."));
      await callSessionStub(c.env, setup.callId).preparePhoneCall(setup);
      return connectStream(c, token, setup.callId, callSid);
    }
    const fromNumber = params.get("From") || null;
    const database = db(c.env.DB);

    // A retried webhook for the same CallSid joins the call already created, and prepares its object
    // again (a no-op when it is ready): the first try may have failed after writing the row.
    const { earlier, answerer } = await incomingCall(database, callSid, identifiableNumber(fromNumber));
    const callId = earlier?.id ?? crypto.randomUUID();
    if (!earlier || earlier.status === CALL_IN_PROGRESS) {
      // Caller ID can be forged: the number is proven only by Twilio's full STIR/SHAKEN attestation (issue 42 §4).
      const callerVerified = verifiedCaller(params);
      const timeZone = callerVerified && answerer.userId ? await timeZoneOf(database, answerer.userId) : null;
      const setup: PhoneCallSetup = { ...answerer, callId, callSid, fromNumber, startTime: earlier?.startTime ?? Date.now(), callerVerified, timeZone };
      if (!earlier) {
        const call = { id: callId, userId: answerer.userId, echoId: answerer.echoId, callType: "phone" as const, startTime: setup.startTime, providerCallId: callSid, callerVerified };
        if (!fromNumber) await createCallRow(database, { ...call, fromNumber });
        else if (!(await createPhoneCallRow(database, { ...call, fromNumber }, c.var.config.limits.phoneCallsPerNumber, setup.startTime - PHONE_CALL_COUNTS_MS))) {
          // A retry of this very webhook racing the first made its row meanwhile: not a refusal (503, as a
          // conflicting insert answered before; Twilio tries again and joins that call).
          if (await phoneCallBySid(database, callSid)) return c.text("This call is being set up; try again.", 503);
          // Refused: no row, no object, no model time; the caller hears why.
          return twiml(c, sayAndHangUpTwiml(tooManyCallsMessage(c.var.config.limits.phoneCallsPerNumber)));
        }
      }
      await callSessionStub(c.env, callId).preparePhoneCall(setup);
    }
    return connectStream(c, token, callId, callSid);
  })

  /**
   * The media stream of one call: Twilio signs the wss:// URL (no parameters). A signed upgrade for a
   * call that is waiting for its stream goes to that call's Durable Object, which accepts Twilio's
   * socket itself (no relay) and checks the stream token in `start`. Unknown and finished calls are
   * refused here, before any Durable Object is involved.
   */
  .get("/media/:callId", async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.text("This endpoint only accepts WebSocket upgrades.", 426);
    if (!(await verifyTwilioSignature(authToken(c)!, c.req.header("x-twilio-signature"), publicUrl(c, "ws")))) return forbidden(c);
    const callId = c.req.param("callId");
    const status = CALL_ID.test(callId) ? await phoneCallStatus(db(c.env.DB), callId) : null;
    if (!status) return c.text("No such phone call.", 404);
    if (status !== CALL_IN_PROGRESS) return c.text("The call has ended.", 410);
    const res = await callSessionStub(c.env, callId).fetch(callSessionUpgrade({ callId, userId: null, role: "twilio" }));
    if (res.status !== 101 || !res.webSocket) return res;
    return upgradeResponse(res.webSocket);
  })

  /** Call status callbacks: a final status ends the call (once; replays change nothing). */
  .post("/status", async (c) => {
    const params = await signedForm(c, authToken(c)!);
    if (!params) return forbidden(c);
    const callSid = params.get("CallSid");
    const callback = callbackOfQuery(c);
    if (callback && callSid) {
      await callbackProgress(c.env, { ...callback, callSid, callStatus: params.get("CallStatus") ?? "", answeredBy: params.get("AnsweredBy") || null });
    }
    const status = FINAL_STATUS[params.get("CallStatus") ?? ""];
    if (!callSid || !status) return c.body(null, 204); // not a final status: nothing to do
    const database = db(c.env.DB);
    const call = await phoneCallBySid(database, callSid);
    if (!call) return c.body(null, 204);
    const reason = `twilio_${params.get("CallStatus")}`;
    if (call.status === CALL_IN_PROGRESS) {
      // The call's session ends it (storing its last turn and transcript) and finalizes it, with its own
      // reason when it was already ending (the caller hung up); a call whose session never started is
      // finalized here.
      const held = await callSessionStub(c.env, call.id).endPhoneCall(status, reason);
      if (!held) await finalizeCall(database, call.id, { status, endTime: Date.now(), endReason: reason });
    }
    // Twilio's own duration is authoritative; writing the same value again changes nothing.
    const seconds = Number(params.get("CallDuration"));
    if (Number.isInteger(seconds) && seconds >= 0) {
      await setProviderDuration(database, call.id, callSid, seconds);
    }
    return c.body(null, 204);
  });
