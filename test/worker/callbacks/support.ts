// Callback test helpers: the REST stand-in wired to this runtime, owners with a linked number, running
// a callback's alarm as if its time had come.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { callbackAlarmStub } from "../../../worker/callbacks/alarm-stub";
import { TwilioRestSim } from "../../support/twilio-rest-sim";
import { fetcherNetwork } from "../../support/twilio-webhooks";
import { createUser, type TestUser } from "../support/users";

export const net = fetcherNetwork(exports.default, "https://echo.test");

/** The stand-in, answering this runtime's fetches of TWILIO_API_BASE_URL until the test ends. */
export function restSim(): TwilioRestSim {
  const sim = new TwilioRestSim({
    origin: env.TWILIO_API_BASE_URL!,
    accountSid: env.TWILIO_ACCOUNT_SID!,
    apiKeySid: env.TWILIO_API_KEY_SID!,
    apiKeySecret: env.TWILIO_API_KEY_SECRET!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    net,
  });
  sim.install();
  return sim;
}

let numbers = 0;
/** An owner whose number is linked (a fresh one each time). */
export async function ownerWithNumber(overrides: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  numbers++;
  const phoneNumber = `+1555020${String(1000 + (Date.now() % 8000) + numbers).slice(-4)}`;
  return createUser({ phoneNumber, ...overrides });
}

export interface CallbackDbRow {
  id: string;
  status: string;
  attempts: number;
  due_at: number;
  to_number: string | null;
  provider_call_id: string | null;
  call_id: string | null;
  last_error: string | null;
}

export function callbackRow(id: string): Promise<CallbackDbRow | null> {
  return env.DB.prepare("select * from callbacks where id = ?").bind(id).first<CallbackDbRow>();
}

/** Its time has come: due_at moved into the past, then its alarm runs (true when one was set). */
export async function timeComes(id: string): Promise<boolean> {
  await env.DB.prepare("update callbacks set due_at = ? where id = ?").bind(Date.now() - 1_000, id).run();
  return runDurableObjectAlarm(callbackAlarmStub(env, id));
}

/** Its alarm runs now (early, or again after a restart). */
export function alarmRuns(id: string): Promise<boolean> {
  return runDurableObjectAlarm(callbackAlarmStub(env, id));
}

/** An hour from now: a time the caller named (quiet hours do not apply). */
export const inAnHour = () => Date.now() + 3_600_000;
