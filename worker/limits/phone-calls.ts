// Phone calls at once per caller number on the public line (PHONE_CALLS_PER_NUMBER, default 2): the
// voice webhook counts the number's calls in progress and creates the new call's row in one statement
// (db/call-writes.ts createPhoneCallRow), so calls that come in at once cannot all pass; a refused call
// hears why (TwiML <Say> then <Hangup/>) and leaves nothing behind. The count is by the From value as
// Twilio sends it, so callers who hide their number share one count ("Anonymous"): hiding it does not
// lift the limit. A call that died without ending (no final write) stops counting PHONE_CALL_COUNTS_MS
// after it started.
export const PHONE_CALL_COUNTS_MS = 6 * 60 * 60 * 1000;

export function tooManyCallsMessage(limit: number): string {
  const calls = limit === 1 ? "a call" : `${limit} calls`;
  return `Sorry, this number already has ${calls} with Echo going on, the most at once. Please end one and call again. Goodbye.`;
}
