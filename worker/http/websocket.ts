// WebSockets on the Worker and its Durable Objects: refusing plain requests and other protocol
// versions, handing the Durable Object's 101 back to the browser, and closing a socket safely.
import type { Context } from "hono";
import { CLOSE_PROTOCOL_VERSION, PROTOCOL_VERSION_PARAM, protocolVersionError } from "../../protocol/version";
import { ApiError } from "./errors";

/** Throws 426 upgrade-required unless the request asks for a WebSocket. */
export function requireWebSocketUpgrade(c: Context, message = "This endpoint only accepts WebSocket upgrades."): void {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "upgrade-required", message);
}

/**
 * Every socket we hand out declines per-message compression (RFC 7692 permessage-deflate). Our frames
 * are small JSON events and audio, sent to many sockets at once: compressing each message once per
 * socket cost a 500-viewer fan-out more than half its time and saves little.
 * How: workerd negotiates extensions from the Worker's 101 response. With no Sec-WebSocket-Extensions
 * header (an empty one counts as none) it agrees to whatever the client offered, and browsers always
 * offer permessage-deflate. A header that offers no permessage-deflate agrees to nothing; the runtime
 * writes only agreed extensions into the 101 it sends, so the client sees no extension at all.
 * (The `no_web_socket_compression` compatibility flag would do it for a deployed Worker, but locally
 * Miniflare's entry worker, which has compression on, negotiates again in front of ours.)
 */
const DECLINE_COMPRESSION = "none";

/** A 101 response handing `socket` to the client, without per-message compression. */
export function upgradeResponse(socket: WebSocket, headers = new Headers()): Response {
  headers.set("Sec-WebSocket-Extensions", DECLINE_COMPRESSION);
  return new Response(null, { status: 101, webSocket: socket, headers });
}

/**
 * A client speaking another protocol version (protocol/version.ts: the `v` query parameter) gets a
 * socket that says why and closes with CLOSE_PROTOCOL_VERSION and a readable reason, before anything
 * reaches a Durable Object; `farewell` turns the reason into that socket's error message, if it has
 * one. Null when the version is ours.
 */
export function protocolVersionRefusal(c: Context, farewell?: (reason: string) => string): Response | null {
  const reason = protocolVersionError(new URL(c.req.url).searchParams.get(PROTOCOL_VERSION_PARAM));
  if (!reason) return null;
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  if (farewell) server.send(farewell(reason));
  server.close(CLOSE_PROTOCOL_VERSION, reason);
  return upgradeResponse(client);
}

/**
 * The Durable Object's accepted upgrade as a fresh 101 response: its headers are immutable, and a
 * session cookie renewed by loadUser must still go out.
 */
export function acceptedUpgrade(c: Context, socket: WebSocket): Response {
  const headers = new Headers();
  const setCookie = c.res.headers.get("set-cookie");
  if (setCookie) headers.set("set-cookie", setCookie);
  return upgradeResponse(socket, headers);
}

/**
 * Closes a socket without throwing if it is already closed. Codes a peer may not be sent (1004–1006,
 * and anything outside 1000–1014 / 3000–4999) become 1000; the reason is cut to fit a close frame.
 */
export function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  const sendable = code === 1000 || (code >= 3000 && code <= 4999) || (code >= 1001 && code <= 1014 && ![1004, 1005, 1006].includes(code));
  try {
    ws.close(sendable ? code : 1000, reason.slice(0, 120));
  } catch {
    // already closed
  }
}
