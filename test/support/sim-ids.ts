// Identifiers a simulated Twilio call gets when its test names none (test/support/twilio-sim.ts).

let sidCounter = 0;
let callerCounter = 0;

/** A Twilio-shaped SID (`CA…`, `MZ…`: the prefix and 32 hex digits), unique in this process. */
export function sid(prefix: string): string {
  sidCounter++;
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(15)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${prefix}${hex}${sidCounter.toString(16).padStart(2, "0")}`.slice(0, 34);
}

/**
 * A caller number of its own for each call that names none: different people calling, as on the public
 * line (which lets a number hold only PHONE_CALLS_PER_NUMBER calls at once).
 */
export function anotherCaller(): string {
  callerCounter += 1;
  const digits = (Math.floor(Math.random() * 9_000) * 1_000 + callerCounter) % 10_000_000;
  return `+1555${String(digits).padStart(7, "0")}`;
}
