// A browser-like client of the call socket (/ws/call) for benches: every message it receives is logged
// with its arrival time, and find() waits for the first one after an index that matches.
import { pcm16ToBase64 } from "../../protocol/pcm16";
import type { ServerMessage } from "../../protocol/call-messages";

export type Received = { msg: ServerMessage; at: number };

export class CallClient {
  private readonly ws: WebSocket;
  readonly log: Received[] = [];
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;

  constructor(url: string, headers: Record<string, string>) {
    this.ws = new WebSocket(url, { headers } as unknown as string[]);
    this.opened = new Promise((resolve, reject) => {
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error("call socket failed to open"));
    });
    this.ws.onmessage = (ev) => {
      this.log.push({ msg: JSON.parse(String(ev.data)) as ServerMessage, at: performance.now() });
      for (const w of this.waiters.splice(0)) w();
    };
  }

  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }

  /** The first message after index `from` matching `pred`, waiting up to `ms`. */
  async find(from: number, pred: (m: ServerMessage) => boolean, ms = 15_000): Promise<Received & { index: number }> {
    const deadline = performance.now() + ms;
    for (;;) {
      const index = this.log.findIndex((r, i) => i >= from && pred(r.msg));
      if (index >= 0) return { ...this.log[index]!, index };
      if (performance.now() > deadline) {
        const seen = this.log.slice(from).map((r) => (r.msg.type === "error" ? JSON.stringify(r.msg) : r.msg.type));
        throw new Error(`timed out; seen ${seen.join(",")}`);
      }
      await new Promise<void>((r) => {
        const t = setTimeout(r, 200);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Sends 16 kHz PCM chunks as `audio_data` at real-time pace: chunk n leaves n·chunkMs after `t0`. */
  pacedAudio(chunkMs: number, t0 = performance.now()): (chunk: Int16Array) => Promise<void> {
    let n = 0;
    return async (chunk) => {
      this.send({ type: "audio_data", data: pcm16ToBase64(chunk), timestamp: Date.now() });
      n++;
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + n * chunkMs - performance.now())));
    };
  }

  close(): void {
    this.ws.close();
  }
}
