// Two limits on sign-ups, per client (its IPv4 address or IPv6 /64, as the sign-in throttle counts
// them: http/client-network.ts):
//   - A sign-up with an address that has an account says so (409 email-already-in-use, the spec's
//     message), so a client could test address after address through it: each client has
//     SIGN_UP_MISS_LIMIT such answers per window (lookup-throttle.ts); a sign-up that makes an account
//     never counts on this one.
//   - Each account costs (a starter Echo, test calls, model time): a network makes at most
//     SIGN_UPS_PER_NETWORK_PER_DAY accounts a day (accountsPerNetwork). Counted before the account is
//     made, atomically, so sign-ups sent at once cannot all pass; one that makes nothing takes it back.
import { LookupThrottle } from "./lookup-throttle";
import { WindowLimit } from "../limits/window-limit";

export const SIGN_UP_MISS_LIMIT = 20;

/** Keyed by the client's network (clientNetwork). */
export const signUpThrottle = new LookupThrottle("sign-up", SIGN_UP_MISS_LIMIT, "Too many sign-ups with addresses that already have an account.");

export const SIGN_UP_DAY_MS = 24 * 60 * 60 * 1000;

/** Accounts made per network and day; keyed by the client's network (clientNetwork). */
export function accountsPerNetwork(limit: number): WindowLimit {
  return new WindowLimit("sign-up-made", limit, SIGN_UP_DAY_MS, "Too many accounts have been made from this network today.");
}
