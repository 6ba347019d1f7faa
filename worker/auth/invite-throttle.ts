// An invitation by email tells whether the address has an account (404 user-not-found). So that a
// signed-in user cannot test address after address through it, each inviter has INVITE_MISS_LIMIT
// lookups of addresses without an account per window (lookup-throttle.ts); inviting real people never
// counts.
import { LookupThrottle } from "./lookup-throttle";

export const INVITE_MISS_LIMIT = 10;

/** Keyed by the inviter's user id. */
export const inviteThrottle = new LookupThrottle("invite", INVITE_MISS_LIMIT, "Too many invitations to addresses without an Echo account.");
