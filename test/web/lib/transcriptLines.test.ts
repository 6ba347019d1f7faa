// Transcript lines agree with themselves: the caller's turn count, typed turns, emotions that matter; status words.
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { isLiveStatus, statusLabel } from "../../../web/lib/callStatus";
import { callerTurnCount, splitEmotions, typedLineIds } from "../../../web/lib/transcriptLines";

const line = (id: string, speaker: "caller" | "assistant", extra: Partial<TranscriptEntry> = {}): TranscriptEntry => ({
  id,
  seq: Number(id.slice(1)),
  speaker,
  text: id,
  timestamp: 0,
  emotions: {},
  ...extra,
});
const answered = (id: string, sttMode: "typed" | "batch" | "none") => line(id, "assistant", { outcome: { status: "ok", sttMode } });

describe("transcript lines", () => {
  it("counts the caller's turns, not every line (as the recap's 'In N turns' does)", () => {
    const t = [answered("a0", "none"), line("c1", "caller"), answered("a2", "batch"), line("c3", "caller"), answered("a4", "typed"), line("c5", "caller")];
    expect(callerTurnCount(t)).toBe(3);
  });

  it("marks a caller line typed when the Echo's answer to it says so", () => {
    const t = [answered("a0", "none"), line("c1", "caller"), answered("a2", "typed"), line("c3", "caller"), answered("a4", "batch"), line("c5", "caller")];
    expect([...typedLineIds(t)]).toEqual(["c1"]);
  });

  it("shows the emotions of 5 % and more, strongest first, and keeps the rest for on demand", () => {
    const { shown, rest } = splitEmotions({ fear: 0, joy: 0.62, sadness: 0.05, anger: 0.049, calm: 0.3 });
    expect(shown.map(([n]) => n)).toEqual(["joy", "calm", "sadness"]);
    expect(rest.map(([n]) => n)).toEqual(["anger", "fear"]);
  });
});

describe("statusLabel", () => {
  it("reads stored statuses as words, the same everywhere", () => {
    expect(statusLabel("in-progress")).toBe("Live");
    expect(statusLabel("IN_PROGRESS")).toBe("Live");
    expect(statusLabel("completed")).toBe("completed");
    expect(statusLabel("no-answer")).toBe("no answer");
    expect(statusLabel("abandoned")).toBe("abandoned");
  });

  it("knows a live call by its status", () => {
    expect(isLiveStatus("in-progress")).toBe(true);
    expect(isLiveStatus("completed")).toBe(false);
    expect(isLiveStatus("failed")).toBe(false);
  });
});
