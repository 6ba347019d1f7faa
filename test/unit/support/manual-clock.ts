// A clock the test (or a bench) moves by hand: sleep() resolves only when advance()/advanceTo() passes
// its deadline, so model latencies cost no wall time and every run sees exactly the latencies it drew.
import { abortError, type Clock } from "../../../worker/pipeline/core/clock";

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/** Lets pending promise callbacks run (several macrotask turns). */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
}

export class ManualClock implements Clock {
  private t = 0;
  private seq = 0;
  private timers: Timer[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError());
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = { at: this.t + ms, seq: this.seq++, resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        "abort",
        () => {
          this.timers = this.timers.filter((x) => x !== timer);
          reject(abortError());
        },
        { once: true },
      );
    });
  }

  /** Moves time forward by `ms`, firing due timers in order and letting their effects run. */
  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.t + ms);
    await settle();
  }

  /** Moves time to `target` (never back), firing due timers in order and letting their effects run. */
  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      const due = this.timers.filter((x) => x.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.resolve();
      await settle();
    }
    this.t = Math.max(this.t, target);
  }

  get pendingTimers(): number {
    return this.timers.length;
  }
}
