// What the summary block of Call Details shows, from the recap and the time since the call ended.
import { describe, expect, it } from "vitest";
import type { CallRecap } from "../../../protocol/summary";
import { recapView, recapWaitEnds } from "../../../web/calls/CallRecapBlock";

const recap = (status: CallRecap["status"], updatedAt: number): CallRecap => ({ status, method: null, text: "", moodArc: null, followUps: [], topics: [], error: null, attempts: 1, updatedAt });

describe("recapView", () => {
  const ended = 1_000_000;
  it("a running call has no summary block", () => expect(recapView(null, null, ended)).toBe("none"));
  it("a call that just ended is being summarized; a minute later, a missing summary offers a retry", () => {
    expect(recapView(null, ended, ended + 5_000)).toBe("waiting");
    expect(recapView(null, ended, ended + 60_000)).toBe("missing");
  });
  it("a pending summary that never finished offers a retry", () => {
    expect(recapView(recap("pending", ended), ended, ended + 30_000)).toBe("waiting");
    expect(recapView(recap("pending", ended), ended, ended + 61_000)).toBe("stalled");
  });
  it("ready and failed show as such", () => {
    expect(recapView(recap("ready", ended), ended, ended)).toBe("ready");
    expect(recapView(recap("failed", ended), ended, ended + 1)).toBe("failed");
  });
});

describe("recapWaitEnds (when an open Call Details stops saying \"Summarizing…\" by itself)", () => {
  const ended = 1_000_000;
  it("is the moment the waiting view turns into missing or stalled", () => {
    const missingAt = recapWaitEnds(null, ended)!;
    expect(recapView(null, ended, missingAt - 1)).toBe("waiting");
    expect(recapView(null, ended, missingAt)).toBe("missing");
    const pending = recap("pending", ended + 10_000);
    const stalledAt = recapWaitEnds(pending, ended)!;
    expect(recapView(pending, ended, stalledAt - 1)).toBe("waiting");
    expect(recapView(pending, ended, stalledAt)).toBe("stalled");
  });
  it("is null when nothing waits: a running call, a ready or failed summary", () => {
    expect(recapWaitEnds(null, null)).toBeNull();
    expect(recapWaitEnds(recap("ready", ended), ended)).toBeNull();
    expect(recapWaitEnds(recap("failed", ended), ended)).toBeNull();
  });
});
