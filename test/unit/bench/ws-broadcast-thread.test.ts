// The live-fanout bench's reference server (bench/support/ws-broadcast-thread.ts): every viewer gets
// the snapshot on connecting, then every entry in order with `at` restamped at publish, then the end.
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { BroadcastThreadInput, BroadcastThreadMessage } from "../../../bench/support/ws-broadcast-thread";

const entry = (id: string, at: number) => JSON.stringify({ type: "live_entry", entry: { id, speaker: "caller", text: "hi" }, at });

let thread: Worker | null = null;
afterEach(async () => {
  await thread?.terminate();
  thread = null;
});

function next<T extends BroadcastThreadMessage["type"]>(w: Worker, type: T): Promise<Extract<BroadcastThreadMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const on = (m: BroadcastThreadMessage) => {
      if (m.type === "error") reject(new Error(m.message));
      if (m.type !== type) return;
      w.off("message", on);
      resolve(m as Extract<BroadcastThreadMessage, { type: T }>);
    };
    w.on("message", on);
    w.on("error", reject);
  });
}

describe("ws broadcast reference server", () => {
  it("sends the snapshot, every entry in order on its schedule with a fresh `at`, then live_ended", async () => {
    const input: BroadcastThreadInput = {
      snapshot: JSON.stringify({ type: "live_snapshot", entries: [] }),
      entries: [
        { data: entry("a", 1000), offsetMs: 0 },
        { data: entry("b", 1100), offsetMs: 100 },
        { data: entry("c", 1150), offsetMs: 150 },
      ],
    };
    thread = new Worker(new URL("../../../bench/support/ws-broadcast-thread.ts", import.meta.url), { workerData: input });
    const { port } = await next(thread, "listening");
    const received: string[][] = [[], [], []];
    const ended = received.map(
      (inbox) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/live/x`);
          ws.on("message", (raw) => {
            inbox.push(raw.toString());
            if (raw.toString().includes('"live_ended"')) {
              ws.close();
              resolve();
            }
          });
          ws.on("error", reject);
        }),
    );
    await expect.poll(() => received.every((inbox) => inbox.length === 1)).toBe(true);
    const played = next(thread, "played");
    const before = Date.now();
    thread.postMessage({ type: "play" });
    await Promise.all(ended);
    const { sockets, sendPassMs } = await played;
    expect(sockets).toBe(3);
    expect(sendPassMs).toHaveLength(3);
    for (const inbox of received) {
      expect(inbox[0]).toBe(input.snapshot);
      const entries = inbox.slice(1, 4).map((m) => JSON.parse(m) as { entry: { id: string }; at: number });
      expect(entries.map((e) => e.entry.id)).toEqual(["a", "b", "c"]);
      // None goes before its offset from the start of play, give or take the 10 ms the check always
      // allowed (a busy machine only makes them later; the gap between two may shrink when the first was
      // late, so it is not what is checked). The first, at offset 0, still goes no sooner than play.
      entries.forEach((e, i) => expect(e.at, `entry ${e.entry.id}`).toBeGreaterThanOrEqual(before + Math.max(0, input.entries[i]!.offsetMs - 10)));
      expect(JSON.parse(inbox[4]!)).toEqual({ type: "live_ended" });
    }
  });
});
