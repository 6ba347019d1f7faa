// The version of the app's own socket protocol (/ws/call, /ws/live/:callId, /ws/feed): bumped when a
// message changes in a way an older page cannot read. Every client sends it as the `v` query
// parameter of the socket address (see sockets.ts); the server refuses any other value before the
// socket reaches a Durable Object: it accepts the upgrade, says why (an `error` / `live_error`
// message where the socket has one) and closes with CLOSE_PROTOCOL_VERSION and a readable reason.
// The spec's message names and fields do not change with it.

export const PROTOCOL_VERSION = 1;

/** The query parameter that carries the client's protocol version. */
export const PROTOCOL_VERSION_PARAM = "v";

/** Close code of a socket refused for its protocol version (4000–4999: application codes; 426 as in HTTP). */
export const CLOSE_PROTOCOL_VERSION = 4426;

/** Error code of the refusal message. */
export const PROTOCOL_VERSION_ERROR_CODE = "protocol-version";

/**
 * Null when `sent` (the raw `v` parameter, null when absent) is this protocol's version; otherwise
 * the readable reason (short enough for a WebSocket close frame: ≤ 123 bytes).
 */
export function protocolVersionError(sent: string | null): string | null {
  if (sent === String(PROTOCOL_VERSION)) return null;
  if (sent === null || sent === "") return `No protocol version sent; this server speaks version ${PROTOCOL_VERSION}. Reload the page.`;
  return `Protocol version ${sent.slice(0, 12)} is not supported; this server speaks version ${PROTOCOL_VERSION}. Reload the page.`;
}
