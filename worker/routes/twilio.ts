// Twilio's three endpoints. None is under /api (Twilio sends no Origin and no session): every request
// is authenticated by its X-Twilio-Signature, computed over our PUBLIC URL (PUBLIC_HOST + path), and
// the media stream additionally by the short-lived token /twilio/voice put into its <Parameter>.
// Without TWILIO_AUTH_TOKEN nothing is accepted: 503 with a message saying what to configure.
import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../app-env";
import { callSessionUpgrade } from "../call/internal-request";
import { readConfig } from "../config";
import { createCallRow, finalizeCall, CALL_IN_PROGRESS } from "../db/call-writes";
import { db } from "../db/client";
import { calls } from "../db/schema";
import { relayMediaStream } from "../twilio/media-relay";
import { answererForCaller, type PhoneCallSetup } from "../twilio/phone-call";
import { verifyTwilioSignature } from "../twilio/signature";
import { createStreamToken } from "../twilio/stream-token";
import { connectStreamTwiml } from "../twilio/twiml";

const NOT_CONFIGURED =
  "Twilio is not configured on this server: set the TWILIO_AUTH_TOKEN secret (see docs/twilio.md). Requests cannot be verified, so none are accepted.";

/** Terminal CallStatus values and the call status they finalize to. */
const FINAL_STATUS: Record<string, "completed" | "failed" | "abandoned"> = {
  completed: "completed",
  failed: "failed",
  busy: "abandoned",
  "no-answer": "abandoned",
  canceled: "abandoned",
};

/**
 * The URL Twilio requested, as Twilio sees it: our public origin, the path and the query. https/wss,
 * or http/ws when PUBLIC_HOST is a plain-http loopback origin (a local simulator; config.ts refuses
 * plain http for any other host).
 */
function publicUrl(c: Context<AppEnv>, kind: "http" | "ws" = "http"): string {
  const cfg = readConfig(c.env);
  const requested = new URL(c.req.url);
  const origin = new URL(cfg.publicHost ?? requested.origin);
  const secure = !cfg.publicHost || origin.protocol === "https:";
  const scheme = kind === "ws" ? (secure ? "wss" : "ws") : secure ? "https" : "http";
  return `${scheme}://${origin.host}${requested.pathname}${requested.search}`;
}

function authToken(c: Context<AppEnv>): string | null {
  return readConfig(c.env).twilioAuthToken;
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
    const fromNumber = params.get("From") || null;
    const database = db(c.env.DB);

    // A retried webhook for the same CallSid joins the call already created.
    const existing = await database.select({ id: calls.id }).from(calls).where(eq(calls.providerCallId, callSid)).get();
    let callId = existing?.id;
    if (!callId) {
      callId = crypto.randomUUID();
      const answerer = await answererForCaller(database, fromNumber);
      const setup: PhoneCallSetup = { ...answerer, callId, callSid, fromNumber, startTime: Date.now() };
      await createCallRow(database, {
        id: callId,
        userId: answerer.userId,
        echoId: answerer.echoId,
        callType: "phone",
        startTime: setup.startTime,
        fromNumber,
        providerCallId: callSid,
      });
      await c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(callId)).preparePhoneCall(setup);
    }
    const streamToken = await createStreamToken(token, { callId, callSid });
    const streamUrl = new URL("/twilio/media", publicUrl(c, "ws")).href;
    return twiml(c, connectStreamTwiml(streamUrl, { token: streamToken }));
  })

  /** The media stream: Twilio signs the wss:// URL (no parameters); the token arrives in `start`. */
  .get("/media", async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.text("This endpoint only accepts WebSocket upgrades.", 426);
    const token = authToken(c)!;
    if (!(await verifyTwilioSignature(token, c.req.header("x-twilio-signature"), publicUrl(c, "ws")))) return forbidden(c);
    return relayMediaStream({
      authToken: token,
      waitUntil: (p) => c.executionCtx.waitUntil(p),
      connect: async (callId) => {
        const stub = c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(callId));
        const res = await stub.fetch(callSessionUpgrade({ callId, userId: null, role: "twilio" }));
        return res.webSocket ?? null;
      },
    });
  })

  /** Call status callbacks: a final status ends the call (once; replays change nothing). */
  .post("/status", async (c) => {
    const params = await signedForm(c, authToken(c)!);
    if (!params) return forbidden(c);
    const callSid = params.get("CallSid");
    const status = FINAL_STATUS[params.get("CallStatus") ?? ""];
    if (!callSid || !status) return c.body(null, 204); // not a final status: nothing to do
    const database = db(c.env.DB);
    const call = await database.select().from(calls).where(eq(calls.providerCallId, callSid)).get();
    if (!call) return c.body(null, 204);
    const reason = `twilio_${params.get("CallStatus")}`;
    if (call.status === CALL_IN_PROGRESS) {
      // The call's session ends it (storing its last turn and transcript)…
      await c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(call.id)).endPhoneCall(status, reason);
      // …and a call whose session never started is finalized here.
      await finalizeCall(database, call.id, { status, endTime: Date.now(), endReason: reason });
    }
    // Twilio's own duration is authoritative; writing the same value again changes nothing.
    const seconds = Number(params.get("CallDuration"));
    if (Number.isInteger(seconds) && seconds >= 0) {
      await database.update(calls).set({ duration: seconds }).where(and(eq(calls.id, call.id), eq(calls.providerCallId, callSid)));
    }
    return c.body(null, 204);
  });
