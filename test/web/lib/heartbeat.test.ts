// The client heartbeat of the feed and the live viewer: pings on an interval, and calls a link dead
// when a ping is still unanswered at the next tick or a send throws — once, then stops.
import { describe, expect, it } from "vitest";
import { HEARTBEAT_INTERVAL_MS, PING_FRAME } from "../../../protocol/heartbeat";
import { startHeartbeat } from "../../../web/lib/heartbeat";
import { manualTimers } from "../support/manual-timers";

describe("startHeartbeat", () => {
  it("pings every interval while pongs come back", () => {
    const t = manualTimers();
    const sent: string[] = [];
    let dead = 0;
    const hb = startHeartbeat({ send: (d) => sent.push(d) }, () => dead++, t);
    t.advance(HEARTBEAT_INTERVAL_MS - 1);
    expect(sent).toEqual([]);
    for (let i = 1; i <= 4; i++) {
      t.advance(i === 1 ? 1 : HEARTBEAT_INTERVAL_MS);
      expect(sent).toEqual(Array(i).fill(PING_FRAME));
      hb.pong();
    }
    expect(dead).toBe(0);
  });

  it("calls the link dead once when a ping is unanswered at the next tick, and stops pinging", () => {
    const t = manualTimers();
    const sent: string[] = [];
    let dead = 0;
    startHeartbeat({ send: (d) => sent.push(d) }, () => dead++, t);
    t.advance(HEARTBEAT_INTERVAL_MS); // ping 1, no pong
    expect(dead).toBe(0);
    t.advance(HEARTBEAT_INTERVAL_MS);
    expect(dead).toBe(1);
    t.advance(HEARTBEAT_INTERVAL_MS * 5);
    expect(dead).toBe(1);
    expect(sent).toEqual([PING_FRAME]);
    expect(t.count).toBe(0);
  });

  it("calls the link dead when a send throws", () => {
    const t = manualTimers();
    let dead = 0;
    startHeartbeat({ send: () => { throw new Error("closed"); } }, () => dead++, t);
    t.advance(HEARTBEAT_INTERVAL_MS);
    expect(dead).toBe(1);
    expect(t.count).toBe(0);
  });

  it("does nothing after stop()", () => {
    const t = manualTimers();
    const sent: string[] = [];
    let dead = 0;
    startHeartbeat({ send: (d) => sent.push(d) }, () => dead++, t).stop();
    t.advance(HEARTBEAT_INTERVAL_MS * 3);
    expect(sent).toEqual([]);
    expect(dead).toBe(0);
  });
});
