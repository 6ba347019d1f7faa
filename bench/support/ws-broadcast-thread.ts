// The live-fanout bench's reference (bench/live-fanout.bench.ts): a plain Node `ws` broadcast server on
// loopback, in its own worker thread (as workerd runs the call's Durable Object on its own thread). It
// replays the live_entry messages our server sent in the measured run — the same bytes, on the same
// schedule — to every connected viewer with a plain `for … ws.send()` loop: what the simplest
// broadcast server does, with no framework, storage or access checks. Each message's `at` is rewritten
// to this server's Date.now() when it publishes, as our Durable Object stamps it before its fan-out.
// Like our server it declines permessage-deflate.
import { parentPort, workerData } from "node:worker_threads";
import { WebSocketServer, type WebSocket } from "ws";

export interface BroadcastThreadInput {
  /** The live_snapshot every viewer gets on connecting (as our server sent it). */
  snapshot: string;
  /** The live_entry messages in order, with their publish time relative to the first (ms). */
  entries: { data: string; offsetMs: number }[];
}

export type BroadcastThreadCommand = { type: "play" };

export type BroadcastThreadMessage =
  | { type: "listening"; port: number }
  /** `sendPassMs`: per message, first → last viewer send returned (this thread's clock). */
  | { type: "played"; sockets: number; sendPassMs: number[] }
  | { type: "error"; message: string };

const AT_FIELD = /"at":\d+\}$/;

function run(input: BroadcastThreadInput): void {
  const viewers = new Set<WebSocket>();
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
  server.on("connection", (ws) => {
    viewers.add(ws);
    ws.on("close", () => viewers.delete(ws));
    ws.on("error", () => viewers.delete(ws));
    ws.send(input.snapshot);
  });
  server.on("error", (err) => parentPort!.postMessage({ type: "error", message: err.message } satisfies BroadcastThreadMessage));
  server.on("listening", () => {
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error(`unexpected server address ${String(address)}`);
    parentPort!.postMessage({ type: "listening", port: address.port } satisfies BroadcastThreadMessage);
  });

  const broadcast = (data: string): number => {
    const t0 = performance.now();
    for (const ws of viewers) ws.send(data);
    return performance.now() - t0;
  };

  parentPort!.on("message", (command: BroadcastThreadCommand) => {
    if (command.type !== "play") return;
    const sockets = viewers.size;
    const start = performance.now();
    const sendPassMs: number[] = [];
    const publish = (i: number) => {
      const entry = input.entries[i];
      if (!entry) {
        broadcast(JSON.stringify({ type: "live_ended" }));
        parentPort!.postMessage({ type: "played", sockets, sendPassMs } satisfies BroadcastThreadMessage);
        return;
      }
      sendPassMs.push(broadcast(entry.data.replace(AT_FIELD, `"at":${Date.now()}}`)));
      const next = input.entries[i + 1];
      setTimeout(() => publish(i + 1), next ? Math.max(0, start + next.offsetMs - performance.now()) : 0);
    };
    setTimeout(() => publish(0), Math.max(0, start + (input.entries[0]?.offsetMs ?? 0) - performance.now()));
  });
}

if (parentPort) {
  try {
    run(workerData as BroadcastThreadInput);
  } catch (err) {
    parentPort.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) } satisfies BroadcastThreadMessage);
  }
}
