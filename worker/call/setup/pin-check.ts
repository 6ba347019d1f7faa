// The owner's phone PIN keyed in during a call from their linked number (issue 42 §4): the digits, then
// `#`, make the caller verified for this call (calls.caller_verified, the call's state), so their
// personal actions work. `*` starts over, and so does a pause longer than DIGIT_GAP_MS. Wrong PINs are
// throttled per owner, not per claimed number (a caller rotating forged numbers gets no more guesses):
// PIN_FAILURE_LIMIT in PIN_THROTTLE_WINDOW_MS, then the owner's PIN is refused until the window ends.
import { PHONE_PIN_PATTERN } from "../../../protocol/phone";
import { verifyPassword } from "../../lib/scrypt-hash";
import type { Env } from "../../config/env";
import { clearThrottle, readThrottle, recordFailure } from "../../db/auth/auth-throttle";
import { db } from "../../db/client";
import { markCallerVerified, pinHashOf } from "../../db/phone-pin";
import { logError } from "../../lib/safe-error";
import type { CallStore } from "../store";
import { DIGIT_GAP_MS } from "./keypad";

export const PIN_FAILURE_LIMIT = 5;
export const PIN_THROTTLE_WINDOW_MS = 60 * 60 * 1000;
const throttleKey = (userId: string) => `phone-pin:${userId}`;

export const SAY_PIN = {
  verified: "Thank you, that's your PIN. I know it's you now.",
  already: "You're already verified on this call.",
  wrong: "That PIN didn't match. Please type it again, then the hash key.",
  throttled: "Too many PINs that didn't match. Please try again in an hour.",
  failed: "Sorry, I couldn't check your PIN just now. Please try again in a moment.",
} as const;

export type PinKeyResult = { kind: "typing" } | { kind: "pin"; pin: string } | { kind: "not-a-pin" };

/** Collects digits up to `#`. Pure: the caller passes the time. */
export class PinCollector {
  private digits = "";
  private lastAt = 0;

  push(key: string, at: number): PinKeyResult {
    if (at - this.lastAt > DIGIT_GAP_MS) this.digits = "";
    this.lastAt = at;
    if (key === "*") {
      this.digits = "";
      return { kind: "typing" };
    }
    if (key === "#") {
      const pin = this.digits;
      this.digits = "";
      return PHONE_PIN_PATTERN.test(pin) ? { kind: "pin", pin } : { kind: "not-a-pin" };
    }
    if (/^[0-9]$/.test(key)) this.digits = (this.digits + key).slice(-9);
    return { kind: "typing" };
  }
}

export interface PinHost {
  readonly env: Env;
  readonly store: CallStore;
}

export class PinCheck {
  private readonly keys = new PinCollector();
  private checking: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: PinHost,
    private readonly say: (text: string) => Promise<void>,
  ) {}

  /** One key; `#` after 4–8 digits checks the PIN (one check at a time, in order). */
  onKey(key: string): Promise<void> {
    const result = this.keys.push(key, Date.now());
    if (result.kind === "typing") return this.checking;
    this.checking = this.checking.then(() =>
      (result.kind === "pin" ? this.check(result.pin) : this.say(SAY_PIN.wrong)).catch(async (err: unknown) => {
        logError("phone PIN check failed", err);
        await this.say(SAY_PIN.failed).catch(() => undefined);
      }),
    );
    return this.checking;
  }

  settled(): Promise<void> {
    return this.checking;
  }

  private async check(pin: string): Promise<void> {
    const { store, env } = this.host;
    const state = store.state();
    if (!state || state.phase !== "active" || !state.userId) return;
    if (state.callerVerified) return this.say(SAY_PIN.already);
    const database = db(env.DB);
    const key = throttleKey(state.userId);
    const now = Date.now();
    if (((await readThrottle(database, key))?.lockedUntil ?? 0) > now) return this.say(SAY_PIN.throttled);
    const hash = await pinHashOf(database, state.userId);
    if (!hash || !(await verifyPassword(pin, hash))) {
      const row = await recordFailure(database, key, now, PIN_THROTTLE_WINDOW_MS, PIN_FAILURE_LIMIT);
      return this.say(row.lockedUntil > now ? SAY_PIN.throttled : SAY_PIN.wrong);
    }
    await clearThrottle(database, key);
    await markCallerVerified(database, state.callId);
    store.updateState({ callerVerified: true });
    await this.say(SAY_PIN.verified);
  }
}
