// The cost limits (docs/configuration.md, "Cost limits"): whole numbers, each optional, read with the
// rest of the configuration so a malformed one names itself on every route. Imports no Env type (the test
// harness reads the names).
import { ConfigError } from "./config-error";

export interface LimitSettings {
  /** Accounts made with a password from one network (IPv4 address or IPv6 /64) per day. */
  signUpsPerNetworkPerDay: number;
  /** Echoes one user may have. */
  echoesPerUser: number;
  /** Phone calls at once from one caller number on the public line. */
  phoneCallsPerNumber: number;
  /** The longest a call (phone or browser test call) may run, in minutes. */
  callMaxMinutes: number;
  /** Minutes of browser test calls one user may have in 24 hours. */
  testCallMinutesPerDay: number;
}

export const LIMIT_DEFAULTS: LimitSettings = {
  signUpsPerNetworkPerDay: 5,
  echoesPerUser: 20,
  phoneCallsPerNumber: 2,
  callMaxMinutes: 30,
  testCallMinutesPerDay: 120,
};

const LIMIT_SETTINGS = {
  signUpsPerNetworkPerDay: "SIGN_UPS_PER_NETWORK_PER_DAY",
  echoesPerUser: "ECHOES_PER_USER",
  phoneCallsPerNumber: "PHONE_CALLS_PER_NUMBER",
  callMaxMinutes: "CALL_MAX_MINUTES",
  testCallMinutesPerDay: "TEST_CALL_MINUTES_PER_DAY",
} as const satisfies Record<keyof LimitSettings, string>;

export type LimitSettingName = (typeof LIMIT_SETTINGS)[keyof LimitSettings];
export const LIMIT_SETTING_NAMES = Object.values(LIMIT_SETTINGS);

/** `env`: the Worker's Env (config/env.ts checks that it has every name of LIMIT_SETTING_NAMES). */
export function readLimitSettings(env: Partial<Record<LimitSettingName, string>>): LimitSettings {
  const out = { ...LIMIT_DEFAULTS };
  for (const field of Object.keys(LIMIT_SETTINGS) as (keyof LimitSettings)[]) {
    const name = LIMIT_SETTINGS[field];
    const raw = (env[name] ?? "").trim();
    if (raw === "") continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new ConfigError(name, "must be a whole number, 1 or more");
    out[field] = value;
  }
  return out;
}
