// A turn's frame analysis, packed: what goes in comes out (unvoiced frames as null), it grows past
// its first room, slices and joins keep order, and a cleared track starts again from nothing.
import { describe, expect, it } from "vitest";
import { FrameTrack } from "../../../../worker/pipeline/turns/frame-track";

const frames = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ levelDb: -60 + (from + i) / 7, pitchHz: (from + i) % 3 === 0 ? null : 90 + from + i }));
function track(list: ReturnType<typeof frames>): FrameTrack {
  const t = new FrameTrack(1);
  for (const f of list) t.push(f.levelDb, f.pitchHz);
  return t;
}
const read = (t: FrameTrack) => Array.from({ length: t.length }, (_, i) => ({ levelDb: t.levelDb(i), pitchHz: t.pitchHz(i) }));

describe("FrameTrack", () => {
  it("gives back every frame's level and pitch as pushed, past its first room", () => {
    const grown = new FrameTrack(2);
    for (const f of frames(300)) grown.push(f.levelDb, f.pitchHz);
    expect(grown.length).toBe(300);
    expect(read(grown)).toEqual(frames(300));
    expect(read(track(frames(5)))).toEqual(frames(5));
  });

  it("slices the first frames and joins two tracks in order, each a track of its own", () => {
    const a = track(frames(10));
    const b = track(frames(4, 10));
    const head = a.slice(6);
    expect(read(head)).toEqual(frames(6));
    expect(read(a.slice(99))).toEqual(frames(10));
    expect(a.slice(0).length).toBe(0);
    expect(read(FrameTrack.concat(a, b))).toEqual(frames(14));
    a.clear();
    a.push(-1, 200);
    expect(read(head)).toEqual(frames(6)); // the slice kept its own copy
    expect(read(a)).toEqual([{ levelDb: -1, pitchHz: 200 }]);
    expect(read(FrameTrack.concat(new FrameTrack(0), b))).toEqual(frames(4, 10));
  });

  it("refuses frames it does not hold", () => {
    const three = track(frames(3));
    expect(() => three.levelDb(3)).toThrow(RangeError);
    expect(() => three.pitchHz(-1)).toThrow(RangeError);
    expect(() => three.levelDb(0.5)).toThrow(RangeError);
  });
});
