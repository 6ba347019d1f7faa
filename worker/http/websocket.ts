// WebSockets on the Worker and its Durable Objects: refusing plain requests, handing the Durable
// Object's 101 back to the browser, and closing a socket safely.
import type { Context } from "hono";
import { ApiError } from "./errors";

/** Throws 426 upgrade-required unless the request asks for a WebSocket. */
export function requireWebSocketUpgrade(c: Context, message = "This endpoint only accepts WebSocket upgrades."): void {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "upgrade-required", message);
}

/**
 * The Durable Object's accepted upgrade as a fresh 101 response: its headers are immutable, and a
 * session cookie renewed by loadUser must still go out.
 */
export function acceptedUpgrade(c: Context, socket: WebSocket): Response {
  const headers = new Headers();
  const setCookie = c.res.headers.get("set-cookie");
  if (setCookie) headers.set("set-cookie", setCookie);
  return new Response(null, { status: 101, webSocket: socket, headers });
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
