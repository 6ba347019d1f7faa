// Collects the 6-digit link code the caller types on the keypad (DTMF). `*` or `#` starts over, and a
// pause longer than DIGIT_GAP_MS forgets a half-typed code. Pure: the caller passes the time.
import { LINK_CODE_DIGITS } from "../../../protocol/phone";

export const DIGIT_GAP_MS = 8_000;
/** Wrong codes allowed per call before the keypad stops listening (a code is 1 in a million). */
export const MAX_CODE_ATTEMPTS = 3;

export type KeypadResult = { kind: "typing" } | { kind: "code"; code: string } | { kind: "locked" };

export class KeypadCollector {
  private digits = "";
  private lastAt = 0;
  private attempts = 0;

  push(digit: string, at: number): KeypadResult {
    if (this.attempts >= MAX_CODE_ATTEMPTS) return { kind: "locked" };
    if (at - this.lastAt > DIGIT_GAP_MS) this.digits = "";
    this.lastAt = at;
    if (!/^[0-9]$/.test(digit)) {
      this.digits = "";
      return { kind: "typing" };
    }
    this.digits += digit;
    if (this.digits.length < LINK_CODE_DIGITS) return { kind: "typing" };
    const code = this.digits;
    this.digits = "";
    this.attempts++;
    return { kind: "code", code };
  }

  /** The last code was never checked (the check failed): it does not count as an attempt. */
  giveBack(): void {
    this.attempts = Math.max(0, this.attempts - 1);
  }

  /** Wrong codes left before the keypad locks. */
  get attemptsLeft(): number {
    return MAX_CODE_ATTEMPTS - this.attempts;
  }
}
