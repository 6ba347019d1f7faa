import { describe, expect, it } from "vitest";
import { type CpuProfile, selfTimes, totalTimes } from "../../../../bench/diagnostics/workerd-profile";

const frame = (functionName: string, url = "file:///tmp/dev/index.js", lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });

// root → onFrame (line 10) → parse (line 20); root → (idle). Samples: parse ×2, onFrame ×1, idle ×1.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 4] },
    { id: 2, callFrame: frame("onFrame", undefined, 9), children: [3] },
    { id: 3, callFrame: frame("parse", undefined, 19) },
    { id: 4, callFrame: frame("(idle)", "") },
  ],
  startTime: 0,
  endTime: 4000,
  samples: [3, 3, 2, 4],
  // V8: each delta is the time before its sample; a sample's own duration is the next delta.
  timeDeltas: [0, 1000, 1000, 1000, 1000],
};

describe("workerd CPU profile summaries", () => {
  it("self time per function, heaviest first, with file and 1-based line", () => {
    const self = selfTimes(profile);
    expect(self.map((s) => [s.fn, s.ms])).toEqual([
      ["parse dev/index.js:20", 2],
      ["onFrame dev/index.js:10", 1],
      ["(idle) :1", 1],
    ]);
    expect(self[0]!.share).toBe(0.5);
  });

  it("total time counts each function once per sample on its stack", () => {
    const total = new Map(totalTimes(profile).map((s) => [s.fn, s.ms]));
    expect(total.get("(root) :1")).toBe(4);
    expect(total.get("onFrame dev/index.js:10")).toBe(3);
    expect(total.get("parse dev/index.js:20")).toBe(2);
  });
});
