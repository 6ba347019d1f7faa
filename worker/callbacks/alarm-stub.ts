// The CallbackAlarm object of one callback (named by its id): what schedule, cancel and retry talk to.
import type { Env } from "../config/env";

export function callbackAlarmStub(env: Pick<Env, "CALLBACK_ALARM">, callbackId: string) {
  return env.CALLBACK_ALARM.get(env.CALLBACK_ALARM.idFromName(callbackId));
}
