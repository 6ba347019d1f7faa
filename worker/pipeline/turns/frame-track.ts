// What prosody needs of each 20 ms frame of a turn — its level and its pitch — packed two numbers a
// frame into growing typed arrays. A turn holds one of these, not an object per frame: a caller's
// turn lives for as long as the reply to it does (seconds), and at a hundred calls objects that live
// that long are what every full garbage collection has to mark. Pure.

const INITIAL_CAPACITY = 64;

export class FrameTrack {
  private levels: Float64Array;
  /** NaN where the frame was not voiced. */
  private pitches: Float64Array;
  private count = 0;

  constructor(capacity = INITIAL_CAPACITY) {
    this.levels = new Float64Array(capacity);
    this.pitches = new Float64Array(capacity);
  }

  /** One track of `a`'s frames then `b`'s. */
  static concat(a: FrameTrack, b: FrameTrack): FrameTrack {
    const track = new FrameTrack(a.count + b.count);
    track.append(a, a.count);
    track.append(b, b.count);
    return track;
  }

  get length(): number {
    return this.count;
  }

  push(levelDb: number, pitchHz: number | null): void {
    if (this.count === this.levels.length) {
      const capacity = Math.max(INITIAL_CAPACITY, this.count * 2);
      const levels = new Float64Array(capacity);
      const pitches = new Float64Array(capacity);
      levels.set(this.levels);
      pitches.set(this.pitches);
      this.levels = levels;
      this.pitches = pitches;
    }
    this.levels[this.count] = levelDb;
    this.pitches[this.count] = pitchHz ?? Number.NaN;
    this.count++;
  }

  levelDb(index: number): number {
    this.check(index);
    return this.levels[index]!;
  }

  pitchHz(index: number): number | null {
    this.check(index);
    const pitch = this.pitches[index]!;
    return Number.isNaN(pitch) ? null : pitch;
  }

  /** Empties the track, keeping its room for the next turn. */
  clear(): void {
    this.count = 0;
  }

  /** The first `end` frames, as a track of their own (exactly that long). */
  slice(end: number): FrameTrack {
    const n = Math.max(0, Math.min(end, this.count));
    const track = new FrameTrack(n);
    track.append(this, n);
    return track;
  }

  /** `from`'s first `n` frames after this track's own (made with room for them). */
  private append(from: FrameTrack, n: number): void {
    this.levels.set(from.levels.subarray(0, n), this.count);
    this.pitches.set(from.pitches.subarray(0, n), this.count);
    this.count += n;
  }

  private check(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) throw new RangeError(`frame ${index} of ${this.count}`);
  }
}
