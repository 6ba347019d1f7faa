// A sign-up with an address that has an account says so (409 email-already-in-use, the spec's
// message), so a client could test address after address through it. Each client (its IPv4 address or
// IPv6 /64, as the sign-in throttle counts them: http/client-network.ts) has SIGN_UP_MISS_LIMIT such
// answers per window (lookup-throttle.ts); a sign-up that makes an account never counts.
import { LookupThrottle } from "./lookup-throttle";

export const SIGN_UP_MISS_LIMIT = 20;

/** Keyed by the client's network (clientNetwork). */
export const signUpThrottle = new LookupThrottle("sign-up", SIGN_UP_MISS_LIMIT, "Too many sign-ups with addresses that already have an account.");
