import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { clockOf, entryAt, entryStartSec } from "../../../web/calls/recordingTimeline";

const T0 = 1_700_000_000_000;
const entry = (id: string, timestamp: number, audioOffsetMs?: number): TranscriptEntry => ({
  id,
  seq: 0,
  speaker: "caller",
  text: id,
  timestamp,
  emotions: {},
  ...(audioOffsetMs === undefined ? {} : { audioOffsetMs }),
});

describe("recording timeline", () => {
  it("places an entry at its stored offset, else at its timestamp from the recording's start", () => {
    expect(entryStartSec(entry("a", T0 + 9000, 1500), T0)).toBe(1.5);
    expect(entryStartSec(entry("b", T0 + 4200), T0)).toBe(4.2);
    expect(entryStartSec(entry("c", T0 - 500), T0)).toBe(0);
  });

  it("finds the line being heard: the last one started by then", () => {
    const transcript = [entry("a", T0 + 5000, 200), entry("b", T0 + 9000, 3000), entry("c", T0 + 12000, 7000)];
    expect(entryAt(transcript, T0, 0)).toBeNull();
    expect(entryAt(transcript, T0, 0.2)?.id).toBe("a");
    expect(entryAt(transcript, T0, 2.9)?.id).toBe("a");
    expect(entryAt(transcript, T0, 3.0)?.id).toBe("b");
    expect(entryAt(transcript, T0, 60)?.id).toBe("c");
    expect(clockOf(75.9)).toBe("1:15");
    expect(clockOf(Number.NaN)).toBe("0:00");
  });
});
