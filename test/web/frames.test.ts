import { describe, expect, it } from "vitest";
import { isTranscriptEntry, parseJsonObject } from "../../web/lib/frames";

const entry = { id: "e1", seq: 0, speaker: "caller", text: "Hi", timestamp: 1, emotions: { joy: 0.4 } };

describe("socket frames", () => {
  it("parses text frames holding a JSON object, and nothing else", () => {
    expect(parseJsonObject('{"type":"pong"}')).toEqual({ type: "pong" });
    for (const frame of ["pong", "[1,2]", "null", "42", '"text"', "{broken", new ArrayBuffer(2), undefined]) {
      expect(parseJsonObject(frame)).toBeNull();
    }
  });

  it("accepts a transcript entry only with every field the UI reads", () => {
    expect(isTranscriptEntry(entry)).toBe(true);
    expect(isTranscriptEntry({ ...entry, interrupted: true, latency: null })).toBe(true);
    expect(isTranscriptEntry({ ...entry, speaker: "robot" })).toBe(false);
    expect(isTranscriptEntry({ ...entry, seq: "0" })).toBe(false);
    expect(isTranscriptEntry({ ...entry, emotions: { joy: "high" } })).toBe(false);
    expect(isTranscriptEntry({ ...entry, emotions: [0.4] })).toBe(false);
    const { text: _text, ...noText } = entry;
    expect(isTranscriptEntry(noText)).toBe(false);
  });
});
