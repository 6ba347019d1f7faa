// One Chrome DevTools Protocol session with a V8 inspector target (a workerd isolate) over its
// WebSocket: commands answered in order of their ids, heap-snapshot chunks gathered as they stream.
import WebSocket from "ws";

export interface InspectorSession {
  /** Sends one command and resolves with its result (rejects with the target's error, or at the deadline). */
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  /** A heap snapshot (V8 collects all it can before taking it), as V8's JSON text. */
  snapshot(): Promise<string>;
  close(): void;
}

/** Opens a session with the target at `url`; with `timeoutMs`, each command must be answered within it. */
export async function openInspector(url: string, timeoutMs?: number): Promise<InspectorSession> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const snapshotChunks: string[] = [];
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as { id?: number; method?: string; params?: { chunk?: string }; result?: unknown; error?: { message: string } };
    if (m.method === "HeapProfiler.addHeapSnapshotChunk") snapshotChunks.push(m.params?.chunk ?? "");
    if (m.id === undefined) return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) p?.reject(new Error(m.error.message));
    else p?.resolve(m.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              pending.delete(id);
              reject(new Error(`${method} on ${url}: no answer in ${timeoutMs} ms`));
            }, timeoutMs);
      const settle = () => clearTimeout(timer);
      pending.set(id, {
        resolve: (v) => {
          settle();
          resolve(v);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    snapshot: async () => {
      snapshotChunks.length = 0;
      await send("HeapProfiler.enable");
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      return snapshotChunks.join("");
    },
    close: () => ws.close(),
  };
}
