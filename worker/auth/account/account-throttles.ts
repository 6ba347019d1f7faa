// Limits on what account security sends or checks, on the sign-in throttle's table and window
// (lookup-throttle.ts): reset links per address and per client network (counted whether or not the
// address has an account, so the limit tells nothing either), verification mails per account, and
// wrong current passwords per account when changing it.
import { LookupThrottle } from "../lookup-throttle";

export const RESET_PER_ADDRESS = 3;
export const RESET_PER_NETWORK = 10;
export const VERIFY_MAILS_PER_USER = 3;
export const PASSWORD_CHANGE_FAILURES = 5;

/** Keyed by the normalized address asked for. */
export const resetAddressThrottle = new LookupThrottle("reset-address", RESET_PER_ADDRESS, "Too many password reset requests for this address.");
/** Keyed by the client's network (clientNetwork). */
export const resetNetworkThrottle = new LookupThrottle("reset-network", RESET_PER_NETWORK, "Too many password reset requests.");
/** Keyed by user id. */
export const verifyMailThrottle = new LookupThrottle("verify-mail", VERIFY_MAILS_PER_USER, "Too many verification emails.");
/** Keyed by user id; a right current password takes its count back. */
export const passwordChangeThrottle = new LookupThrottle("password-change", PASSWORD_CHANGE_FAILURES, "Too many wrong current passwords.");
