// Opening and writing the test call's WebSocket: typed client messages only, a connect timeout.
import type { ClientMessage } from "../../protocol/call";

/**
 * Resolves once the socket is open; rejects (and closes it) if it closes first or does not open
 * within `timeoutMs`. `signal` abandons the attempt.
 */
export function openCallSocket(url: string, timeoutMs: number, signal: AbortSignal): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const done = (err?: Error) => {
      clearTimeout(timer);
      ws.removeEventListener("open", onOpen);
      ws.removeEventListener("close", onClose);
      signal.removeEventListener("abort", onAbort);
      if (err) {
        ws.close();
        reject(err);
      } else resolve(ws);
    };
    const onOpen = () => done();
    const onClose = (e: CloseEvent) => done(new Error(`Could not connect to the Echo${e.reason ? ` (${e.reason})` : ""}`));
    const onAbort = () => done(new Error("Cancelled"));
    const timer = setTimeout(() => done(new Error(`Connection timed out after ${Math.round(timeoutMs / 1000)} seconds`)), timeoutMs);
    ws.addEventListener("open", onOpen);
    ws.addEventListener("close", onClose);
    signal.addEventListener("abort", onAbort);
  });
}

/** Sends one message if the socket is open; false otherwise. */
export function sendMessage(ws: WebSocket | null, message: ClientMessage): boolean {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(message));
  return true;
}
