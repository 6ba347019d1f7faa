// One worker thread's share of the live-fanout bench's viewer sockets (bench/live-fanout.bench.ts).
// Each live_entry is timestamped when its frame reached the viewer's TCP socket (FrameArrivals: before
// the client reassembles and inflates it) and compared with the server's fan-out clock (`at`, same
// machine). The clients are `ws` sockets offering permessage-deflate as browsers do, so the server
// compresses for them whenever it agrees to.
import { type NetConnectOpts, connect } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";
import { FrameArrivals } from "./frame-arrivals";

export interface ViewerThreadInput {
  /** ws://…/ws/live/:callId */
  url: string;
  origin: string;
  /** One Cookie header per socket of this thread. */
  cookies: string[];
  /** Keep the raw snapshot and live_entry messages the first socket received (for the reference server). */
  record?: boolean;
}

/** One live_entry as one viewer received it: `key` names the event (entry id @ server time). */
export interface Delivery {
  key: string;
  speaker: string;
  ms: number;
}

export type ViewerThreadMessage =
  /** `extensions`: what the server agreed to (e.g. permessage-deflate). */
  | { type: "ready"; extensions: string }
  | { type: "done"; deliveries: Delivery[]; perSocket: number[]; recorded: RecordedMessages | null }
  | { type: "error"; message: string };

/** What the first socket of a recording thread received, as sent. */
export interface RecordedMessages {
  snapshot: string;
  entries: string[];
}

const ENTRY_PREFIX = '{"type":"live_entry"';

async function run(input: ViewerThreadInput): Promise<void> {
  const deliveries: Delivery[] = [];
  const perSocket = new Array<number>(input.cookies.length).fill(0);
  let ended = 0;
  let snapshots = 0;
  const recorded: RecordedMessages | null = input.record ? { snapshot: "", entries: [] } : null;
  const sockets: WebSocket[] = [];
  const finished = new Promise<void>((resolveEnded, rejectEnded) => {
    const ready = (i: number) =>
      new Promise<void>((resolveOpen, rejectOpen) => {
        const arrivals = new FrameArrivals();
        const ws = new WebSocket(input.url, {
          headers: { Cookie: input.cookies[i]!, Origin: input.origin },
          perMessageDeflate: true,
          createConnection: ((options: NetConnectOpts) => {
            const socket = connect(options);
            arrivals.attach(socket);
            return socket;
          }) as typeof connect,
        });
        sockets.push(ws);
        ws.on("message", (raw, isBinary) => {
          const receivedAt = arrivals.shift() ?? performance.timeOrigin + performance.now();
          if (isBinary) return;
          const data = raw.toString();
          if (data.startsWith(ENTRY_PREFIX)) {
            // `at` is the message's last field, the entry id its first: no full parse on the hot path.
            const at = Number(/"at":(\d+)\}$/.exec(data)?.[1]);
            const id = /"entry":\{"id":"([^"]+)"/.exec(data)?.[1] ?? "?";
            const speaker = /"speaker":"(\w+)"/.exec(data)?.[1] ?? "?";
            deliveries.push({ key: `${id}@${at}`, speaker, ms: receivedAt - at });
            perSocket[i]! += 1;
            if (recorded && i === 0) recorded.entries.push(data);
            return;
          }
          const type = (JSON.parse(data) as { type?: string }).type;
          if (recorded && i === 0 && type === "live_snapshot") recorded.snapshot = data;
          if (type === "live_snapshot" && ++snapshots === input.cookies.length) {
            parentPort!.postMessage({ type: "ready", extensions: ws.extensions } satisfies ViewerThreadMessage);
          }
          if (type === "live_snapshot") resolveOpen();
          if (type === "live_ended" && ++ended === input.cookies.length) resolveEnded();
        });
        ws.on("error", () => {
          const err = new Error(`viewer socket ${i} failed`);
          rejectOpen(err);
          rejectEnded(err);
        });
      });
    void (async () => {
      try {
        // Connect in small batches: the server checks each viewer's access in D1.
        for (let i = 0; i < input.cookies.length; i += 25) {
          await Promise.all(Array.from({ length: Math.min(25, input.cookies.length - i) }, (_, k) => ready(i + k)));
        }
      } catch (err) {
        rejectEnded(err);
      }
    })();
  });
  await finished;
  for (const ws of sockets) ws.close(1000, "bench done");
  parentPort!.postMessage({ type: "done", deliveries, perSocket, recorded } satisfies ViewerThreadMessage);
}

if (parentPort) {
  run(workerData as ViewerThreadInput).catch((err: unknown) => {
    parentPort!.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) } satisfies ViewerThreadMessage);
  });
}
