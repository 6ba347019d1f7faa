// The call as heard, on one timeline: caller audio and the Echo's speech mixed into mono PCM16 at 16 kHz.
// Position 0 is the moment the recording started (`startedAt`, epoch ms). Caller frames are laid one
// after the other (they arrive at the pace they were spoken); a gap in them longer than `maxGapMs`
// (no microphone, a typed turn) is filled with silence up to the wall clock, so the timeline never
// falls behind real time. The Echo's audio starts "now" (or right after the audio still playing) and a
// barge-in drops whatever the caller had not heard yet. `take` hands out the samples that can no longer
// change: everything before "now", except that while the caller's audio runs behind the clock by less
// than `maxGapMs` (its network delay) the stretch from the caller's position on is held back, since
// their frames for it are still to come. Pure: time comes in as `now` (epoch ms).

export const MIX_SAMPLE_RATE = 16_000;
const PER_MS = MIX_SAMPLE_RATE / 1000;

export class Mixdown {
  /** Mixed samples from `base` on (int32 so overlapping speech can sum before clipping). */
  private buffer = new Int32Array(MIX_SAMPLE_RATE * 4);
  /** Position of buffer[0]: everything before it has been taken. */
  private base: number;
  /** Where the next caller frame goes. */
  private callerAt: number;
  /** Where the Echo's audio queued so far ends. */
  private assistantEnd: number;

  /** `position`: samples already recorded before this (a resumed recording), 0 for a new one. */
  constructor(
    readonly startedAt: number,
    position = 0,
    private readonly maxGapMs = 500,
  ) {
    this.base = position;
    this.callerAt = position;
    this.assistantEnd = position;
  }

  /** Samples taken so far. */
  get taken(): number {
    return this.base;
  }

  /** The wall clock as a timeline position. */
  private wall(now: number): number {
    return Math.max(0, Math.round((now - this.startedAt) * PER_MS));
  }

  /** "Now" on the timeline: the wall clock, or further if caller audio came faster than real time. */
  head(now: number): number {
    return Math.max(this.callerAt, this.wall(now), this.base);
  }

  /** The timeline position of `now`, in ms. */
  positionMs(now: number): number {
    return Math.round(this.head(now) / PER_MS);
  }

  caller(pcm: Int16Array, now: number): void {
    const behind = this.wall(now) - pcm.length - this.callerAt;
    if (behind > this.maxGapMs * PER_MS) this.callerAt += behind;
    this.callerAt = Math.max(this.callerAt, this.base);
    this.add(pcm, this.callerAt);
    this.callerAt += pcm.length;
  }

  /** Queues the Echo's speech; returns where it starts on the timeline, in ms. */
  assistant(pcm: Int16Array, now: number): number {
    const at = Math.max(this.assistantEnd, this.head(now));
    this.add(pcm, at);
    this.assistantEnd = at + pcm.length;
    return Math.round(at / PER_MS);
  }

  /** Barge-in: the Echo's audio after "now" was never heard. Only the Echo's audio is queued past "now". */
  interrupt(now: number): void {
    const cut = Math.max(this.head(now), this.callerAt);
    if (this.assistantEnd <= cut) return;
    this.buffer.fill(0, cut - this.base, this.assistantEnd - this.base);
    this.assistantEnd = cut;
  }

  /**
   * The settled samples (`final`: everything, the call is over), clipped to PCM16; they leave the buffer.
   * Settled is everything before "now", less what lies between the caller's position and the clock while
   * the caller is behind it by no more than the gap limit: their frames for that stretch are on the way
   * (a steady network delay). Taken, it would stay silent and the caller's next frames would go after
   * it, heard that much later against the Echo's speech for the rest of the call. Further behind, the
   * caller is taken as silent (a gap), as caller() does.
   */
  take(now: number, final = false): Int16Array {
    let end = final ? Math.max(this.head(now), this.assistantEnd) : this.head(now);
    if (!final && this.wall(now) - this.callerAt <= this.maxGapMs * PER_MS) end = Math.max(this.base, Math.min(end, this.callerAt));
    const n = end - this.base;
    if (n <= 0) return new Int16Array(0);
    this.ensure(n);
    const out = new Int16Array(n);
    for (let i = 0; i < n; i++) {
      const v = this.buffer[i]!;
      out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
    this.buffer.copyWithin(0, n);
    this.buffer.fill(0, this.buffer.length - n);
    this.base = end;
    this.callerAt = Math.max(this.callerAt, end);
    this.assistantEnd = Math.max(this.assistantEnd, end);
    return out;
  }

  /** Where the next caller frame goes (a timeline position). */
  get callerPosition(): number {
    return this.callerAt;
  }

  /**
   * What is not taken yet, everything queued included (the held-back caller stretch, the Echo's speech
   * still to play), clipped to PCM16, from timeline position `at`; nothing leaves the buffer.
   */
  untaken(now: number): { at: number; pcm: Int16Array } {
    const n = Math.max(this.head(now), this.assistantEnd) - this.base;
    const out = new Int16Array(Math.max(0, n));
    for (let i = 0; i < out.length; i++) {
      const v = this.buffer[i] ?? 0;
      out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
    return { at: this.base, pcm: out };
  }

  /**
   * Puts back a tail kept by untaken() before a restart: `pcm` from position `at` (what lies before
   * this mix's start was taken already and is skipped); the caller's next frames go after `callerAt`.
   */
  restore(at: number, callerAt: number, pcm: Int16Array): void {
    const skip = this.base - at;
    if (skip < pcm.length) {
      const rest = pcm.subarray(Math.max(0, skip));
      const from = Math.max(at, this.base);
      this.add(rest, from);
      this.assistantEnd = Math.max(this.assistantEnd, from + rest.length);
    }
    this.callerAt = Math.max(this.callerAt, callerAt);
  }

  private add(pcm: Int16Array, at: number): void {
    const offset = at - this.base;
    this.ensure(offset + pcm.length);
    for (let i = 0; i < pcm.length; i++) this.buffer[offset + i] = this.buffer[offset + i]! + pcm[i]!;
  }

  private ensure(length: number): void {
    if (length <= this.buffer.length) return;
    let size = this.buffer.length;
    while (size < length) size *= 2;
    const next = new Int32Array(size);
    next.set(this.buffer);
    this.buffer = next;
  }
}
