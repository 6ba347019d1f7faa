// Reply audio paced to playback: a lead sent at once, then one frame per frame of playback, marks
// right after their audio, a fresh lead after playback ran dry, long stretches in pieces, nothing
// after a clear.
import { describe, expect, it } from "vitest";
import { type Outgoing, PacedOutbox } from "../../../worker/twilio/paced-outbox";

/** An outbox whose pieces are written down as "audio" (whole items) or "audio@first+frames" (pieces). */
function outbox(leadMs = 100, framesPerSend?: number) {
  const sent: string[] = [];
  const box = new PacedOutbox<string>(
    {
      audio: (audio, first, frames) => sent.push(framesPerSend === undefined ? audio : `${audio}@${first}+${frames}`),
      mark: (name) => sent.push(`mark:${name}`),
    },
    leadMs,
    20,
    framesPerSend,
  );
  return { box, sent };
}
const frames = (prefix: string, n: number, each = 1): Outgoing<string>[] => Array.from({ length: n }, (_, i) => ({ kind: "audio", audio: `${prefix}${i}`, frames: each }));

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

  it("a long stretch leaves in pieces of framesPerSend, each once all of it fits, and its mark after the last", () => {
    const { box, sent } = outbox(140, 5); // 7 frames of lead
    box.enqueue([{ kind: "audio", audio: "s", frames: 12 }, { kind: "mark", name: "m1" }], 0);
    expect(sent).toEqual(["s@0+5"]);
    expect(box.waiting).toBe(2);
    box.pump(59);
    expect(sent).toEqual(["s@0+5"]);
    box.pump(60); // 3 frames played: 10 fit
    expect(sent).toEqual(["s@0+5", "s@5+5"]);
    box.pump(99);
    expect(sent).toHaveLength(2); // 4 frames played: the last 2 would end 160 ms ahead
    box.pump(100);
    expect(sent).toEqual(["s@0+5", "s@5+5", "s@10+2", "mark:m1"]);
    expect(box.waiting).toBe(0);
  });

  it("pieces of one stretch and the next sentence's keep one pace; empty audio is skipped", () => {
    const { box, sent } = outbox(100, 5);
    box.enqueue([{ kind: "audio", audio: "a", frames: 3 }, { kind: "audio", audio: "e", frames: 0 }, { kind: "audio", audio: "b", frames: 7 }], 0);
    expect(sent).toEqual(["a@0+3"]); // b's first piece would end 160 ms ahead
    box.pump(60);
    expect(sent).toEqual(["a@0+3", "b@0+5"]);
    box.pump(140);
    expect(sent).toEqual(["a@0+3", "b@0+5", "b@5+2"]);
  });

  it("clear in the middle of a stretch drops the rest of it; the next one starts from its first frame", () => {
    const { box, sent } = outbox(100, 5);
    box.enqueue([{ kind: "audio", audio: "a", frames: 20 }], 0);
    box.clear();
    box.enqueue([{ kind: "audio", audio: "b", frames: 5 }], 10);
    box.pump(1000);
    expect(sent).toEqual(["a@0+5", "b@0+5"]);
    expect(box.waiting).toBe(0);
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
