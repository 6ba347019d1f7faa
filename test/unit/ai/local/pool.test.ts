// The recogniser's decoder pool rules (worker/ai/local/stt/pool.ts), with cheap items in place of the
// 60 MB decoders: at most `max` alive; beyond it, requests queue in order until one comes back (however
// long that takes), and leave the queue when their signal aborts; a failed item is freed and its place
// goes to the first queued request; below the cap, a short wait for a lent item, then a new one.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoundedPool } from "../../../../worker/ai/local/stt/pool";

interface Item {
  id: number;
}

function pool(max: number, reuseWaitMs = 250) {
  const built: Item[] = [];
  const freed: Item[] = [];
  const resources = {
    fail: false,
    create(): Item {
      if (resources.fail) throw new Error("could not build");
      const item = { id: built.length + 1 };
      built.push(item);
      return item;
    },
    free: (item: Item) => void freed.push(item),
  };
  return { pool: new BoundedPool<Item>(resources, { max, reuseWaitMs }), built, freed, resources };
}

/** Whether a promise has settled, after pending microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("bounded decoder pool", () => {
  it("at the cap, a request waits (no new item, however long) until one comes back, then gets that one", async () => {
    const { pool: p, built } = pool(2);
    const a = await p.acquire();
    const b = p.acquire();
    await vi.advanceTimersByTimeAsync(250); // nothing came back in time: a second item
    expect(await b).toEqual({ id: 2 });
    const c = p.acquire();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await settled(c)).toBe(false);
    expect(built).toHaveLength(2);
    expect(p.size).toBe(2);
    expect(p.queued).toBe(1);
    p.release(a);
    expect(await c).toBe(a);
    expect(p.size).toBe(2);
    expect(p.queued).toBe(0);
  });

  it("queued requests are served first come, first served", async () => {
    const { pool: p } = pool(1);
    const a = await p.acquire();
    const order: string[] = [];
    const first = p.acquire().then((item) => (order.push("first"), item));
    const second = p.acquire().then((item) => (order.push("second"), item));
    await vi.advanceTimersByTimeAsync(1000);
    p.release(a);
    expect(await first).toBe(a);
    p.release(a);
    expect(await second).toBe(a);
    expect(order).toEqual(["first", "second"]);
  });

  it("a queued request whose signal aborts leaves the queue: the next item given back goes to the one behind it, or idle", async () => {
    const { pool: p, built } = pool(1);
    const a = await p.acquire();
    const deadline = new AbortController();
    const cancelled = p.acquire(deadline.signal);
    const behind = p.acquire();
    await vi.advanceTimersByTimeAsync(10);
    deadline.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    expect(p.queued).toBe(1);
    p.release(a);
    expect(await behind).toBe(a);
    p.release(a);
    expect(p.queued).toBe(0);
    expect(await p.acquire()).toBe(a); // it went idle, not to the aborted request
    expect(built).toHaveLength(1);
  });

  it("a signal aborted already: rejected at once, nothing built or queued", async () => {
    const { pool: p, built } = pool(2);
    const deadline = new AbortController();
    deadline.abort();
    await expect(p.acquire(deadline.signal)).rejects.toMatchObject({ name: "AbortError" });
    expect(built).toHaveLength(0);
    expect(p.queued).toBe(0);
  });

  it("below the cap, an aborted short wait builds nothing", async () => {
    const { pool: p, built } = pool(2);
    await p.acquire();
    const deadline = new AbortController();
    const waiting = p.acquire(deadline.signal);
    await vi.advanceTimersByTimeAsync(100);
    deadline.abort();
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(built).toHaveLength(1);
    expect(p.size).toBe(1);
  });

  it("a failed item is freed and never lent again; its place goes to the first queued request", async () => {
    const { pool: p, freed } = pool(2);
    const a = await p.acquire();
    const bLater = p.acquire();
    await vi.advanceTimersByTimeAsync(250);
    const b = await bLater;
    const queued = p.acquire();
    await vi.advanceTimersByTimeAsync(1000);
    p.discard(b);
    expect(freed).toEqual([b]);
    const c = await queued;
    expect(c).toEqual({ id: 3 });
    expect(p.size).toBe(2);
    p.release(a);
    p.release(c);
    const lent = [await p.acquire(), await p.acquire()];
    expect(lent).not.toContain(b);
  });

  it("an item given back idle is lent again; a failed one with nobody waiting leaves the pool smaller", async () => {
    const { pool: p, built, freed } = pool(4);
    const a = await p.acquire();
    p.release(a);
    expect(await p.acquire()).toBe(a);
    p.discard(a);
    expect(freed).toEqual([a]);
    expect(p.size).toBe(0);
    expect(await p.acquire()).toEqual({ id: 2 });
    expect(built).toHaveLength(2);
  });

  it("a build that fails rejects the request and takes no place in the pool", async () => {
    const { pool: p, resources } = pool(2);
    resources.fail = true;
    await expect(p.acquire()).rejects.toThrow("could not build");
    expect(p.size).toBe(0);
    resources.fail = false;
    const a = await p.acquire();
    resources.fail = true;
    const b = expect(p.acquire()).rejects.toThrow("could not build");
    await vi.advanceTimersByTimeAsync(250);
    await b;
    expect(p.size).toBe(1);
    expect(p.queued).toBe(0);
    p.release(a);
  });

  it("prepare() builds one idle item ahead of the first request", async () => {
    const { pool: p, built } = pool(1);
    p.prepare();
    expect(p.size).toBe(1);
    expect(await p.acquire()).toBe(built[0]);
    p.prepare(); // full: nothing more
    expect(built).toHaveLength(1);
  });
});
