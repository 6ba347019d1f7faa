// A bounded pool of costly, reusable items: the recogniser's decoders (pocketsphinx.ts), each ~60 MB of
// WebAssembly heap and 0.3–1.5 s of thread time to build. Kept apart from the engine so its rules can be
// tested without it (test/unit/ai/local/pool.test.ts).
//
// Rules: an idle item is lent at once. Below the cap, a request first waits a little for a lent item
// to come back (building holds the thread every call shares), then builds one. At the cap it queues,
// first come first served, until an item comes back; its AbortSignal takes it out of the queue (so a
// request's deadline still applies while it waits). An item that failed is freed, and its place goes
// to the first queued request.

/** What the pool lends: how to build one, how to give a failed one's memory back. */
export interface PoolResources<T> {
  /** Builds an item; synchronous and slow. Throws when it cannot. */
  create(): T;
  /** Frees an item that failed (it is never lent again). */
  free(item: T): void;
}

export interface PoolLimits {
  /** Items alive at most, lent or idle. */
  max: number;
  /** Below the cap, how long a request waits for a lent item to come back before building one. */
  reuseWaitMs: number;
}

interface Waiter<T> {
  give(item: T): void;
  fail(err: unknown): void;
}

/** The error an aborted wait rejects with (as fetch and the pipeline's steps do). */
export function abortError(): DOMException {
  return new DOMException("The operation was aborted.", "AbortError");
}

export class BoundedPool<T> {
  private readonly idle: T[] = [];
  private readonly waiting: Array<Waiter<T>> = [];
  private lent = 0;

  constructor(
    private readonly resources: PoolResources<T>,
    private readonly limits: PoolLimits,
  ) {
    if (!(limits.max >= 1)) throw new RangeError("A pool holds at least one item.");
  }

  /** Items alive (lent or idle). */
  get size(): number {
    return this.lent + this.idle.length;
  }

  /** Requests waiting for an item. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Builds one idle item ahead of the first request (nothing when the pool is full). */
  prepare(): void {
    if (this.size < this.limits.max) this.idle.push(this.resources.create());
  }

  /** An item, lent until release() or discard(). Rejects with an AbortError once `signal` aborts. */
  acquire(signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError());
    const idle = this.idle.pop();
    if (idle !== undefined) {
      this.lent++;
      return Promise.resolve(idle);
    }
    if (this.lent === 0) {
      // Nothing lent, so nothing to wait for.
      try {
        return Promise.resolve(this.create());
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.remove(waiter);
      };
      const waiter: Waiter<T> = {
        give: (item) => {
          settle();
          resolve(item);
        },
        fail: (err) => {
          settle();
          reject(err);
        },
      };
      const onAbort = () => waiter.fail(abortError());
      if (this.size < this.limits.max) {
        // At the cap when the wait is over (others built meanwhile), it stays queued.
        timer = setTimeout(() => {
          if (this.size < this.limits.max) this.buildFor(waiter);
        }, this.limits.reuseWaitMs);
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Gives a lent item back: to the first queued request, else idle. */
  release(item: T): void {
    const waiter = this.waiting[0];
    if (waiter) waiter.give(item); // stays lent
    else {
      this.lent--;
      this.idle.push(item);
    }
  }

  /** A lent item that failed: freed, never lent again; its place goes to the first queued request. */
  discard(item: T): void {
    this.lent--;
    try {
      this.resources.free(item);
    } catch {
      // Its memory stays lost; its place in the pool is still given up.
    }
    for (let waiter = this.waiting[0]; waiter && this.size < this.limits.max; waiter = this.waiting[0]) this.buildFor(waiter);
  }

  /** A new item, lent. */
  private create(): T {
    const item = this.resources.create();
    this.lent++;
    return item;
  }

  /** A new item for a queued request, which leaves the queue first (nothing else can serve it). */
  private buildFor(waiter: Waiter<T>): void {
    this.remove(waiter);
    let item: T;
    try {
      item = this.create();
    } catch (err) {
      waiter.fail(err);
      return;
    }
    waiter.give(item);
  }

  private remove(waiter: Waiter<T>): void {
    const at = this.waiting.indexOf(waiter);
    if (at >= 0) this.waiting.splice(at, 1);
  }
}
