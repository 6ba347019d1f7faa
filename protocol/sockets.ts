// Where the app's sockets live, and the address a client opens: same origin, ws:// on plain-http
// local development and wss:// everywhere else, with the protocol version (version.ts) as `v`.
import { PROTOCOL_VERSION, PROTOCOL_VERSION_PARAM } from "./version";

/** The browser test call (spec §7). */
export const CALL_SOCKET_PATH = "/ws/call";
/** A dashboard viewer of one live call: `${LIVE_SOCKET_PATH}/:callId`. */
export const LIVE_SOCKET_PATH = "/ws/live";
/** The signed-in user's change feed. */
export const FEED_SOCKET_PATH = "/ws/feed";

/** `path` with this protocol's version as its query string (what every client opens). */
export function versionedPath(path: string): string {
  return `${path}?${PROTOCOL_VERSION_PARAM}=${PROTOCOL_VERSION}`;
}

/** The live viewer socket's path for one call (the id escaped). */
export function livePath(callId: string): string {
  return `${LIVE_SOCKET_PATH}/${encodeURIComponent(callId)}`;
}

/** The absolute socket address of `path` on the page's own host. */
export function socketUrl(location: { protocol: string; host: string }, path: string): string {
  return `${location.protocol === "http:" ? "ws" : "wss"}://${location.host}${versionedPath(path)}`;
}

/**
 * Close code of a dashboard socket (the feed, a live viewer) whose session was signed out (4000–4999:
 * application codes; 401 as in HTTP). The page checks who is signed in when it sees it.
 */
export const CLOSE_SIGNED_OUT = 4401;
/** Its close reason (≤ 123 bytes). */
export const SIGNED_OUT_REASON = "You signed out. Sign in again to continue.";

/**
 * Close code of a dashboard socket whose session reached the expiry it had when the socket opened. The
 * page reconnects as after any drop: a session renewed since gets a new socket, an expired one a 401
 * (and the page finds itself signed out). (419: "session expired", as some HTTP frameworks use it.)
 */
export const CLOSE_SESSION_EXPIRED = 4419;
/** Its close reason. */
export const SESSION_EXPIRED_REASON = "Your session reached its expiry; reconnecting checks it again.";
