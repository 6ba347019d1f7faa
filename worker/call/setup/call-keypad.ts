// Where a phone call's keypad digits go: a caller whose number is linked to an owner with a phone PIN is
// keying in that PIN (pin-check.ts); anyone else may be typing a link code (phone-link.ts). Decided once
// per call, on the first key; the keys after it wait for that and keep their order.
import type { Env } from "../../config/env";
import { db } from "../../db/client";
import { pinHashOf } from "../../db/phone-pin";
import type { CallStore } from "../store";
import type { PhoneLinker } from "./phone-link";
import type { PinCheck } from "./pin-check";

export class CallKeypad {
  private route: Promise<"pin" | "link"> | null = null;

  constructor(
    private readonly host: { readonly env: Env; readonly store: CallStore },
    private readonly linker: PhoneLinker,
    private readonly pin: PinCheck,
  ) {}

  async onDigit(digit: string): Promise<void> {
    this.route ??= this.decide();
    return (await this.route) === "pin" ? this.pin.onKey(digit) : this.linker.onDigit(digit);
  }

  /** Resolves once a link or a PIN check under way is done; never rejects. */
  async settled(): Promise<void> {
    await Promise.all([this.linker.settled(), this.pin.settled()]);
  }

  private async decide(): Promise<"pin" | "link"> {
    const state = this.host.store.state();
    if (!state?.userId || state.callType !== "phone") return "link";
    try {
      return (await pinHashOf(db(this.host.env.DB), state.userId)) ? "pin" : "link";
    } catch {
      this.route = null; // ask again on the next key
      return "link";
    }
  }
}
