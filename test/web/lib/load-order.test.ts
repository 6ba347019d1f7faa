// Which answers of overlapping loads a screen shows (web/lib/loadOrder.ts): the order useFeedResource
// and the call details modal follow when a feed signal starts a load while another is on its way.
import { describe, expect, it } from "vitest";
import { LoadOrder } from "../../../web/lib/loadOrder";

describe("LoadOrder", () => {
  it("shows an older load's answer that comes first, then the newer one's", () => {
    const order = new LoadOrder();
    const first = order.start(); // the list's GET
    const second = order.start(); // feed_connected's quiet refresh, while the first is on its way
    expect(order.accept(first)).toBe(true);
    expect(order.accept(second)).toBe(true);
  });

  it("drops an older load's answer that comes after a newer one's", () => {
    const order = new LoadOrder();
    const first = order.start();
    const second = order.start();
    expect(order.accept(second)).toBe(true);
    expect(order.accept(first)).toBe(false);
    expect(order.failed(first)).toBe(false);
  });

  it("does not let the newer load's failure undo an older load's good answer", () => {
    const order = new LoadOrder();
    const first = order.start();
    const second = order.start();
    expect(order.accept(first)).toBe(true);
    // The newest load failed: it is the latest word, but a ready screen keeps what it shows (the caller's rule).
    expect(order.failed(second)).toBe(true);
    const third = order.start();
    expect(order.accept(third)).toBe(true);
    expect(order.failed(third)).toBe(false); // already answered
  });

  it("a newer load that fails first waits for the older one still on its way: its good answer is shown, no error before it", () => {
    const order = new LoadOrder();
    const first = order.start();
    const second = order.start();
    expect(order.failed(second)).toBe(false);
    expect(order.accept(first)).toBe(true);
  });

  it("when every load fails, the last failure is the one reported", () => {
    const order = new LoadOrder();
    const first = order.start();
    const second = order.start();
    expect(order.failed(second)).toBe(false);
    expect(order.failed(first)).toBe(true);
  });

  it("ignores an older load's failure while a newer one is on its way, and reports the newest one's", () => {
    const order = new LoadOrder();
    const first = order.start();
    const second = order.start();
    expect(order.failed(first)).toBe(false);
    expect(order.failed(second)).toBe(true);
  });

  it("after a reset (another filter, a change made on the page) drops every load started before it", () => {
    const order = new LoadOrder();
    const before = order.start();
    order.reset();
    expect(order.accept(before)).toBe(false);
    expect(order.failed(before)).toBe(false);
    const after = order.start();
    expect(order.accept(after)).toBe(true);
  });
});
