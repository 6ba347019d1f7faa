// Reply audio leaves at the pace the caller hears it. A phone line plays 20 ms frames in real time,
// so sending a whole sentence at once (~150 frames) only moves the queue into Twilio's buffer — and a
// burst of thousands of frames when many calls answer at once stalls every other call sharing the
// thread. The outbox keeps up to `leadMs` of audio ahead of what the caller has heard (enough to ride
// out jitter), sends the rest as playback advances, and sends each mark right after the audio before
// it. A queued item of audio is a whole stretch (`frames` × `frameMs`, e.g. a sentence) and leaves in
// pieces of up to `framesPerSend` frames; a piece goes once all of it fits in the lead. One queued item
// per sentence, not one per piece: a reply's queue stays a few objects however long it is (they live
// as long as the sentence plays, and at a hundred calls each one is work for every full collection).
// Pure: time comes in as `now` (ms), pieces go out through the sink. What an item of audio holds (`A`)
// is the caller's business: the phone line queues a sentence's samples and encodes each piece as it goes.

export type Outgoing<A> = { kind: "audio"; audio: A; frames: number } | { kind: "mark"; name: string };

/** Where the outbox's pieces go: `frames` frames of `audio` from frame `firstFrame` on, and marks. */
export interface OutboxSink<A> {
  audio(audio: A, firstFrame: number, frames: number): void;
  mark(name: string): void;
}

export class PacedOutbox<A> {
  private queue: Outgoing<A>[] = [];
  /** Index of the first item in `queue` not wholly sent. */
  private head = 0;
  /** Frames of the head item already sent. */
  private headSent = 0;
  /** When the current stretch of continuous playback started, and how many frames were sent in it. */
  private startedAt = 0;
  private sentFrames = 0;

  constructor(
    private readonly sink: OutboxSink<A>,
    readonly leadMs = 200,
    readonly frameMs = 20,
    readonly framesPerSend = Number.POSITIVE_INFINITY,
  ) {}

  /** Items waiting to be sent (an item partly sent counts). */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  /** Queues audio and marks in order and sends what is due now. */
  enqueue(items: Outgoing<A>[], now: number): void {
    for (const item of items) if (item.kind === "mark" || item.frames > 0) this.queue.push(item);
    this.pump(now);
  }

  /** Sends every piece of audio that fits within `leadMs` of the playback position, and the marks between them. */
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
      if (item.kind === "mark") {
        this.head++;
        this.sink.mark(item.name);
        continue;
      }
      const piece = Math.min(this.framesPerSend, item.frames - this.headSent);
      // (The first piece of a stretch always goes, even if it is longer than the lead.)
      if (this.sentFrames + piece > allowed && this.sentFrames > 0) break;
      const first = this.headSent;
      this.sentFrames += piece;
      this.headSent += piece;
      if (this.headSent === item.frames) {
        this.head++;
        this.headSent = 0;
      }
      this.sink.audio(item.audio, first, piece);
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
    this.headSent = 0;
  }

  /** Drops everything not sent yet (barge-in: the far end flushes what it buffered too). */
  clear(): void {
    this.clearQueue();
    this.startedAt = 0;
    this.sentFrames = 0;
  }
}
