// Setting up a phone call (the business side; lines/phone.ts carries Twilio's socket): /twilio/voice
// prepares the call before its media stream connects; the stream's `start` frame must carry the stream
// token /twilio/voice issued for this call and this CallSid; and consent: a recorded call is recorded
// only once its recording notice has gone out (if it can't be said, the call is not recorded).
import { readConfig } from "../../config/config";
import type { PhoneCallSetup } from "../../db/answerer";
import type { Env } from "../../config/env";
import { db } from "../../db/client";
import { getEcho } from "../../db/echoes";
import { logError } from "../../lib/safe-error";
import { recallForCall } from "../../memory/recall";
import type { MemoryNote } from "../../../protocol/memory";
import { verifyStreamToken } from "../../twilio/stream-token";
import type { CallAi, CallState, CallStore } from "../store";

export type { PhoneCallSetup } from "../../db/answerer";

/**
 * What the Echo remembers of a verified caller (issue 42 §1, §4): only when the call is proven to be the
 * owner's (full attestation, or a callback we placed) and the Echo's "Remember callers" is on. Read
 * while the webhook prepares the call, long before the greeting; a failed read means no memory.
 */
async function verifiedCallerMemory(env: Env, setup: PhoneCallSetup): Promise<MemoryNote[]> {
  if (setup.callerVerified !== true || !setup.userId || !setup.echoId) return [];
  const scope = { userId: setup.userId, echoId: setup.echoId };
  try {
    const echo = await getEcho(db(env.DB), scope.userId, scope.echoId);
    return echo?.rememberCallers ? await recallForCall(db(env.DB), scope) : [];
  } catch (err) {
    logError("phone call: the caller's memory could not be read", err);
    return [];
  }
}

/** The session state of a phone call that is waiting for its media stream. */
export function phoneCallState(setup: PhoneCallSetup, ai: CallAi): CallState {
  return {
    callId: setup.callId,
    userId: setup.userId,
    echoId: setup.echoId,
    echoName: setup.echoName,
    persona: setup.persona,
    callType: "phone",
    ...ai,
    fromNumber: setup.fromNumber,
    startTime: setup.startTime,
    phase: "active",
    callerConnectedAt: null,
    endTime: null,
    finalStatus: null,
    endReason: null,
    d1Finalized: false,
    record: setup.record,
    callerVerified: setup.callerVerified === true,
    timeZone: setup.callerVerified ? (setup.timeZone ?? null) : null,
    opening: setup.opening ?? null,
    linkFor: setup.linkFor ?? null,
  };
}

/** A checked `start` frame: the stream may carry the caller, or is refused (closed with `code`). */
export type StreamVerdict = { ok: true } | { ok: false; reason: string; code: number };

/** What the phone line asks of the call's setup (phoneStart gives it). */
export interface PhoneStart {
  /** The call exists (its D1 row is written) and waits for its media stream; a retried webhook changes nothing. */
  prepare(setup: PhoneCallSetup): Promise<void>;
  /** Checks a `start` frame's stream token: signed by us, not expired, for this call and this CallSid. */
  verify(start: { callSid: string; token: string | undefined }): Promise<StreamVerdict>;
  /**
   * The verified stream now carries the caller. `first`: nothing was said in the call yet (the notice
   * and the greeting are due); `record`: the call is to be recorded (its notice is due first).
   */
  connected(): { first: boolean; record: boolean };
  /** The recording notice could not be said: the call is not recorded (logged, without personal data). */
  unrecorded(): void;
}

export interface PhoneStartHost {
  env: Env;
  store: CallStore;
  ai(): CallAi;
  /** The call begins: its state is stored, the sync alarm set and the owner's dashboards told. */
  open(state: CallState): Promise<void>;
  /** Drops what the recording holds so far: the call is not recorded after all. */
  dropRecording(): void;
}

export function phoneStart(host: PhoneStartHost): PhoneStart {
  const { store } = host;
  return {
    async prepare(setup) {
      if (store.state()) return; // a retried webhook
      const state = phoneCallState(setup, host.ai());
      const memory = await verifiedCallerMemory(host.env, setup);
      if (memory.length > 0) state.memory = memory;
      await host.open(state);
    },
    async verify(start) {
      const authToken = readConfig(host.env).twilioAuthToken;
      const verified = authToken ? await verifyStreamToken(authToken, start.token) : ({ ok: false, reason: "unconfigured" } as const);
      if (!verified.ok) return { ok: false, reason: `stream token ${verified.reason}`, code: 1008 };
      const state = store.state();
      if (verified.claims.callId !== state?.callId || verified.claims.callSid !== start.callSid) return { ok: false, reason: "stream token is for another call", code: 1008 };
      if (state.phase !== "active") return { ok: false, reason: "the call has ended", code: 1000 };
      return { ok: true };
    },
    connected() {
      const state = store.state();
      if (state?.callerConnectedAt === null) store.updateState({ callerConnectedAt: Date.now() });
      return { first: store.isEmpty(), record: state?.record === true };
    },
    unrecorded() {
      store.updateState({ record: false });
      host.dropRecording();
      console.error(`phone call ${store.state()?.callId ?? "?"}: the recording notice could not be said, so the call is not recorded`);
    },
  };
}
