// When each server WebSocket frame reached the client's TCP socket: a tap on the raw stream, before
// the client library reassembles, inflates (permessage-deflate) and dispatches it. That is the moment
// a message was delivered; what the client does with it afterwards is the client's own work (a
// browser inflates natively on its own machine; the bench's Node client inflates on a thread pool on
// the same 2 cores as the server).
// Only data frames (text, binary, and the first frame of a fragmented message) are timestamped, so
// the queue lines up one-to-one with the client's `message` events; control frames are skipped.
import type { Socket } from "node:net";

export class FrameArrivals {
  private readonly times: number[] = [];
  private headerDone = false;
  private headerTail = "";
  /** Bytes of the current frame still to come (header bytes first, then payload). */
  private pending: Buffer = Buffer.alloc(0);
  private payloadLeft = 0;

  /** Taps `socket` ahead of every other reader. */
  attach(socket: Socket): void {
    socket.prependListener("data", (chunk: Buffer) => this.onData(chunk, performance.timeOrigin + performance.now()));
  }

  /** The arrival time (epoch ms) of the next not yet claimed data frame. */
  shift(): number | undefined {
    return this.times.shift();
  }

  private onData(chunk: Buffer, at: number): void {
    let data = chunk;
    if (!this.headerDone) {
      // The HTTP 101 response comes first; frames start after its blank line.
      const text = this.headerTail + chunk.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) {
        this.headerTail = text.slice(-3);
        return;
      }
      // Bytes after the blank line in this chunk are read past by Node's HTTP parser and pushed back
      // onto the socket (`unshift`) by the client once it takes over, so they come through here again.
      this.headerDone = true;
      return;
    }
    while (data.length > 0) {
      if (this.payloadLeft > 0) {
        const take = Math.min(this.payloadLeft, data.length);
        this.payloadLeft -= take;
        data = data.subarray(take);
        continue;
      }
      this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
      data = Buffer.alloc(0);
      const header = frameHeader(this.pending);
      if (!header) return; // wait for the rest of the header
      const opcode = this.pending[0]! & 0x0f;
      if (opcode === 1 || opcode === 2) this.times.push(at);
      const rest = this.pending.subarray(header.headerBytes);
      this.pending = Buffer.alloc(0);
      this.payloadLeft = header.payloadBytes;
      data = rest;
    }
  }
}

/** Sizes of an unmasked server frame's header and payload, or null while the header is incomplete. */
function frameHeader(b: Buffer): { headerBytes: number; payloadBytes: number } | null {
  if (b.length < 2) return null;
  const len7 = b[1]! & 0x7f;
  const masked = (b[1]! & 0x80) !== 0;
  const extra = len7 === 126 ? 2 : len7 === 127 ? 8 : 0;
  const headerBytes = 2 + extra + (masked ? 4 : 0);
  if (b.length < headerBytes) return null;
  const payloadBytes = len7 === 126 ? b.readUInt16BE(2) : len7 === 127 ? Number(b.readBigUInt64BE(2)) : len7;
  return { headerBytes, payloadBytes };
}
