// The test call's WebSocket address (spec §7): same origin — ws:// on plain-http localhost
// development, wss:// (the secure gateway) everywhere else — speaking this protocol version.
import { CALL_SOCKET_PATH, socketUrl } from "../../protocol/sockets";
/** Spec §9: WebSocket connect timeout. */
export const CONNECT_TIMEOUT_MS = 10_000;

export function callSocketUrl(location: { protocol: string; host: string }): string {
  return socketUrl(location, CALL_SOCKET_PATH);
}
