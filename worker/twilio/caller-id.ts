// Caller IDs as Twilio delivers them in `From`. Twilio's stand-ins for a withheld caller ID
// (ANONYMOUS, RESTRICTED, UNAVAILABLE, UNKNOWN spelled on a keypad, or words) identify nobody, so such a
// "number" is never linked nor looked up.
const WITHHELD = new Set(["+266696687", "+7378742833", "+86282452253", "+8656696"]);

/** The caller's number when it is a real E.164 number; null for withheld or malformed caller IDs. */
export function identifiableNumber(fromNumber: string | null): string | null {
  if (!fromNumber || !/^\+[1-9]\d{6,14}$/.test(fromNumber) || WITHHELD.has(fromNumber)) return null;
  return fromNumber;
}

/** Twilio's STIR/SHAKEN verdict for full attestation: the carrier vouches the caller may use this number. */
export const FULL_ATTESTATION = "TN-Validation-Passed-A";

/**
 * The caller's number is proven (issue 42 §4): the voice webhook's StirVerstat is full attestation.
 * Partial (B) or gateway (C) attestation, a failed or missing verdict prove nothing.
 */
export function verifiedCaller(params: URLSearchParams): boolean {
  return params.get("StirVerstat") === FULL_ATTESTATION;
}
