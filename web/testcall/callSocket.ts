// Opening the test call's WebSocket: connect, send start_call, and wait for the Echo to answer
// (call_started), all within the connect timeout. Writes typed client messages only; reads frames
// with the shared protocol's reader.
import { type ClientMessage, type ServerMessage, serverMessages } from "../../protocol/call-messages";
import { readFrame } from "../../protocol/frame";

export type CallStarted = Extract<ServerMessage, { type: "call_started" }>;

/**
 * Resolves with the open socket once the server confirmed the call. Rejects (closing the socket) if
 * the socket closes first, the server answers with an error, `timeoutMs` passes, or `signal` aborts.
 */
export function connectCall(
  url: string,
  start: Extract<ClientMessage, { type: "start_call" }>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ ws: WebSocket; started: CallStarted }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const cleanup = () => {
      clearTimeout(timer);
      ws.removeEventListener("open", onOpen);
      ws.removeEventListener("message", onMessage);
      ws.removeEventListener("close", onClose);
      signal.removeEventListener("abort", onAbort);
    };
    const fail = (err: Error) => {
      cleanup();
      ws.close();
      reject(err);
    };
    const onOpen = () => sendMessage(ws, start);
    const onMessage = (e: MessageEvent) => {
      const read = readFrame(serverMessages, e.data);
      if (!read.ok) return console.warn("call socket: ignored a server message:", read.error);
      const msg = read.message;
      if (msg.type === "call_started") {
        cleanup();
        resolve({ ws, started: msg });
      } else if (msg.type === "error") fail(new Error(msg.error));
    };
    const onClose = (e: CloseEvent) => fail(new Error(`Could not connect to the Echo${e.reason ? ` (${e.reason})` : ""}`));
    const onAbort = () => fail(new Error("Cancelled"));
    const timer = setTimeout(() => fail(new Error(`Connection timed out after ${Math.round(timeoutMs / 1000)} seconds`)), timeoutMs);
    ws.addEventListener("open", onOpen);
    ws.addEventListener("message", onMessage);
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
