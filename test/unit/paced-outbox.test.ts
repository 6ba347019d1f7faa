// Reply audio paced to playback: a lead sent at once, then one frame per frame of playback, marks
// right after their audio, a fresh lead after playback ran dry, nothing after a clear.
import { describe, expect, it } from "vitest";
import { type Outgoing, PacedOutbox } from "../../worker/call/lines/paced-outbox";

function outbox(leadMs = 100) {
  const sent: string[] = [];
  const box = new PacedOutbox<string>((item) => sent.push(item.kind === "frame" ? item.audio : `mark:${item.name}`), leadMs, 20);
  return { box, sent };
}
const frames = (prefix: string, n: number, each = 1): Outgoing<string>[] => Array.from({ length: n }, (_, i) => ({ kind: "frame", audio: `${prefix}${i}`, frames: each }));

describe("PacedOutbox", () => {
  it("sends the lead at once, then keeps pace with playback; the mark follows its last frame", () => {
    const { box, sent } = outbox(100);
    box.enqueue([...frames("a", 12), { kind: "mark", name: "m1" }], 1000);
    expect(sent).toEqual(["a0", "a1", "a2", "a3", "a4"]); // 100 ms of lead
    box.pump(1019);
    expect(sent).toHaveLength(5); // not a whole frame played yet
    box.pump(1020);
    expect(sent.at(-1)).toBe("a5");
    box.pump(1100); // 100 ms played: 5 + 5 frames allowed
    expect(sent.at(-1)).toBe("a9");
    box.pump(1140);
    expect(sent.slice(-3)).toEqual(["a10", "a11", "mark:m1"]);
    expect(box.waiting).toBe(0);
  });

  it("audio queued while the previous still plays continues the same stretch", () => {
    const { box, sent } = outbox(100);
    box.enqueue(frames("a", 5), 0); // all five within the lead
    box.enqueue(frames("b", 5), 40); // 2 frames played by now: 2 more may go
    expect(sent).toEqual(["a0", "a1", "a2", "a3", "a4", "b0", "b1"]);
  });

  it("after playback ran dry a new stretch starts with a full lead", () => {
    const { box, sent } = outbox(100);
    box.enqueue(frames("a", 2), 0);
    box.enqueue(frames("b", 8), 500); // the 40 ms of "a" ended long ago
    expect(sent).toEqual(["a0", "a1", "b0", "b1", "b2", "b3", "b4"]);
  });

  it("an item of several frames goes once all of it fits in the lead, and counts as that much playback", () => {
    const { box, sent } = outbox(140); // 7 frames of lead
    box.enqueue([...frames("a", 4, 5), { kind: "mark", name: "m1" }], 0);
    expect(sent).toEqual(["a0"]); // a second 5-frame item would end 200 ms ahead
    box.pump(59);
    expect(sent).toEqual(["a0"]);
    box.pump(60); // 3 frames played: 10 fit
    expect(sent).toEqual(["a0", "a1"]);
    box.pump(160);
    expect(sent).toEqual(["a0", "a1", "a2"]);
    box.pump(260);
    expect(sent).toEqual(["a0", "a1", "a2", "a3", "mark:m1"]);
  });

  it("the first item of a stretch goes even when it is longer than the lead", () => {
    const { box, sent } = outbox(40);
    box.enqueue(frames("a", 2, 5), 0);
    expect(sent).toEqual(["a0"]);
    box.pump(99);
    expect(sent).toEqual(["a0"]);
    box.pump(100); // 100 ms played: a new stretch (nothing left buffered) and the next goes at once
    expect(sent).toEqual(["a0", "a1"]);
  });

  it("clear drops what was not sent, marks included", () => {
    const { box, sent } = outbox(40);
    box.enqueue([...frames("a", 6), { kind: "mark", name: "m1" }], 0);
    box.clear();
    box.pump(1000);
    expect(sent).toEqual(["a0", "a1"]);
    expect(box.waiting).toBe(0);
  });
});
