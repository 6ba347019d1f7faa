import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import type { Echo } from "../../../protocol/echo";
import { mergeCalls, statusTone } from "../../../web/calls/callList";
import { emotionSeries } from "../../../web/calls/emotionSeries";
import { highlightParts } from "../../../web/calls/highlight";
import { upsertEcho } from "../../../web/echoes/echoList";
import { testCallMessage } from "../../../web/echoes/testCallMessage";
import { callSummary } from "../support/calls";

const call = callSummary;

const echo = (id: string, updatedAt: number, name = id): Echo => ({
  id,
  userId: "u",
  name,
  description: "",
  personality: "calm",
  expertise: "general",
  instructions: "",
  voiceStyle: "default",
  isActive: true,
  recordCalls: true, rememberCallers: true,
  totalCalls: 0,
  starter: false,
  createdAt: 0,
  updatedAt,
});

describe("mergeCalls", () => {
  it("adds new calls on top, replaces changed ones and keeps older pages", () => {
    const shown = [call("c3", 300), call("c2", 200, "in-progress"), call("c1", 100)];
    const fresh = [call("c4", 400), call("c3", 300), call("c2", 200, "completed")];
    const merged = mergeCalls(shown, fresh);
    expect(merged.map((c) => c.id)).toEqual(["c4", "c3", "c2", "c1"]);
    expect(merged[2]?.status).toBe("completed");
  });
  it("orders equal start times by id, descending, like the API", () => {
    expect(mergeCalls([call("a", 1)], [call("b", 1)]).map((c) => c.id)).toEqual(["b", "a"]);
  });
});

describe("statusTone", () => {
  it("colours known statuses and leaves unknown ones neutral", () => {
    expect(statusTone("completed")).toBe("success");
    expect(statusTone("in-progress")).toBe("live");
    expect(statusTone("failed")).toBe("danger");
    expect(statusTone("abandoned")).toBe("warning");
    expect(statusTone("whatever")).toBe("neutral");
  });
});

describe("upsertEcho", () => {
  it("moves an updated Echo to the top and adds new ones", () => {
    const list = [echo("b", 20), echo("a", 10)];
    expect(upsertEcho(list, echo("a", 30)).map((e) => e.id)).toEqual(["a", "b"]);
    expect(upsertEcho(list, echo("c", 5)).map((e) => e.id)).toEqual(["b", "a", "c"]);
  });
  it("ignores a copy older than the one shown", () => {
    const list = [echo("a", 30, "new name")];
    expect(upsertEcho(list, echo("a", 10, "old name"))[0]?.name).toBe("new name");
  });
});

describe("emotionSeries", () => {
  const entry = (seq: number, atMs: number, emotions: Record<string, number>): TranscriptEntry => ({
    id: `e${seq}`,
    seq,
    speaker: seq % 2 ? "assistant" : "caller",
    text: "x",
    timestamp: 1_000_000 + atMs,
    emotions,
  });

  it("makes one line per emotion over the scored turns, in seconds since the start", () => {
    const s = emotionSeries(
      [entry(0, 2000, { joy: 0.7, calm: 0.3 }), entry(1, 4000, {}), entry(2, 10_000, { joy: 0.2, fear: 0.8 })],
      1_000_000,
    );
    expect(s.samples).toBe(2);
    expect(s.span).toBe(10);
    expect(s.lines.map((l) => l.name)).toEqual(["joy", "fear", "calm"]);
    expect(s.lines[0]?.points).toEqual([
      { t: 2, v: 0.7 },
      { t: 10, v: 0.2 },
    ]);
    // A turn without a score for an emotion counts as 0 for it.
    expect(s.lines[1]?.points.map((p) => p.v)).toEqual([0, 0.8]);
    expect(new Set(s.lines.map((l) => l.color)).size).toBe(3);
  });

  it("plots the caller's turns when they were scored, every scored turn otherwise", () => {
    const both = [entry(0, 1000, { fear: 0.9 }), entry(1, 2000, { joy: 0.9 })];
    expect(emotionSeries(both, 1_000_000)).toMatchObject({ samples: 1, callerOnly: true });
    expect(emotionSeries(both, 1_000_000).lines.map((l) => l.name)).toEqual(["fear"]);
    const assistantOnly = [entry(0, 1000, {}), entry(1, 2000, { joy: 0.9 })];
    expect(emotionSeries(assistantOnly, 1_000_000)).toMatchObject({ samples: 1, callerOnly: false });
  });

  it("leaves out emotions that never rise above noise", () => {
    const s = emotionSeries([entry(0, 0, { joy: 0.97, anger: 0.01, calm: 0.02 })], 1_000_000);
    expect(s.lines.map((l) => l.name)).toEqual(["joy"]);
    expect(s.span).toBe(1);
  });
});

describe("highlightParts", () => {
  it("marks every case-insensitive match", () => {
    expect(highlightParts("Interview? The interview.", "interview")).toEqual([
      { text: "Interview", match: true },
      { text: "? The ", match: false },
      { text: "interview", match: true },
      { text: ".", match: false },
    ]);
    expect(highlightParts("abc", " ")).toEqual([{ text: "abc", match: false }]);
  });
});

describe("testCallMessage", () => {
  it("names the number to call", () => {
    expect(testCallMessage({ name: "Sage", isActive: true }, "+1 555 010 0199")).toBe('Call +1 555 010 0199 to test your Echo "Sage".');
    expect(testCallMessage({ name: "Sage", isActive: false }, "+1 555")).toContain("inactive");
  });
});
