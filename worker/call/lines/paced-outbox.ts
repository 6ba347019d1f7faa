// Reply audio leaves at the pace the caller hears it. A phone line plays 20 ms frames in real time,
// so sending a whole sentence at once (~150 frames) only moves the queue into Twilio's buffer — and a
// burst of thousands of frames when many calls answer at once stalls every other call sharing the
// thread. The outbox keeps up to `leadMs` of audio ahead of what the caller has heard (enough to ride
// out jitter), sends the rest as playback advances, and sends each mark right after the audio before
// it. An item of audio may hold several frames (`frames` × `frameMs`); it goes once all of it fits in
// the lead. Pure: time comes in as `now` (ms), items go out through `send`. What an item of audio holds
// (`A`) is the caller's business: the phone line queues μ-law bytes and encodes each item as it goes.

export type Outgoing<A> = { kind: "frame"; audio: A; frames: number } | { kind: "mark"; name: string };

export class PacedOutbox<A> {
  private queue: Outgoing<A>[] = [];
  /** Index of the first unsent item in `queue`. */
  private head = 0;
  /** When the current stretch of continuous playback started, and how many frames were sent in it. */
  private startedAt = 0;
  private sentFrames = 0;

  constructor(
    private readonly send: (item: Outgoing<A>) => void,
    readonly leadMs = 200,
    readonly frameMs = 20,
  ) {}

  /** Items waiting to be sent. */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  /** Queues frames and marks in order and sends what is due now. */
  enqueue(items: Outgoing<A>[], now: number): void {
    this.queue.push(...items);
    this.pump(now);
  }

  /** Sends every audio item that fits within `leadMs` of the playback position, and the marks between them. */
  pump(now: number): void {
    if (this.waiting === 0) return;
    // The caller's playback ran dry (or never started): a new stretch begins now.
    if (now >= this.startedAt + this.sentFrames * this.frameMs) {
      this.startedAt = now;
      this.sentFrames = 0;
    }
    const allowed = Math.floor((now - this.startedAt + this.leadMs) / this.frameMs);
    while (this.head < this.queue.length) {
      const item = this.queue[this.head]!;
      if (item.kind === "frame") {
        // (The first item of a stretch always goes, even if it is longer than the lead.)
        if (this.sentFrames + item.frames > allowed && this.sentFrames > 0) break;
        this.sentFrames += item.frames;
      }
      this.head++;
      this.send(item);
    }
    if (this.head === this.queue.length) this.clearQueue();
    else if (this.head >= 256) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private clearQueue(): void {
    this.queue = [];
    this.head = 0;
  }

  /** Drops everything not sent yet (barge-in: the far end flushes what it buffered too). */
  clear(): void {
    this.clearQueue();
    this.startedAt = 0;
    this.sentFrames = 0;
  }
}
