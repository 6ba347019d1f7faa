// WebSocket upgrades on the Worker's routes: refusing plain requests, and handing the Durable
// Object's 101 back to the browser.
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
