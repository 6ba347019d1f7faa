// The last `capacity` numbers of a stream (a ring buffer: adding one allocates nothing), with their
// minimum and maximum. The VAD keeps two per call and adds to both 50 times a second; arrays used as
// queues (push + shift) reallocated their storage as they went, which at 100 calls was garbage the
// whole isolate paid for in collections.

export class RollingWindow {
  private readonly values: Float64Array;
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("RollingWindow: capacity must be a whole number ≥ 1");
    this.values = new Float64Array(capacity);
  }

  /** How many values it holds (up to `capacity`). */
  get length(): number {
    return this.count;
  }

  /** Adds a value; the oldest goes once `capacity` are held. */
  push(value: number): void {
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** Smallest value held (Infinity when empty). */
  min(): number {
    let m = Infinity;
    for (let i = 0; i < this.count; i++) if (this.values[i]! < m) m = this.values[i]!;
    return m;
  }

  /** Largest value held (-Infinity when empty). */
  max(): number {
    let m = -Infinity;
    for (let i = 0; i < this.count; i++) if (this.values[i]! > m) m = this.values[i]!;
    return m;
  }
}
