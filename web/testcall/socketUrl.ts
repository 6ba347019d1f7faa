// The test call's WebSocket address (spec §7): same origin — ws:// on plain-http localhost
// development, wss:// (the secure gateway) everywhere else.

export const CALL_SOCKET_PATH = "/ws/call";
/** Spec §9: WebSocket connect timeout. */
export const CONNECT_TIMEOUT_MS = 10_000;

export function callSocketUrl(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === "http:" ? "ws" : "wss";
  return `${scheme}://${location.host}${CALL_SOCKET_PATH}`;
}
