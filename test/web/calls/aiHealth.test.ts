import { describe, expect, it } from "vitest";
import type { CallHealth } from "../../../protocol/health";
import { failureSummary, retrySummary, stageRows } from "../../../web/calls/aiHealth";

const health = (over: Partial<CallHealth> = {}): CallHealth => ({
  since: 0,
  until: 86_400_000,
  turns: 12,
  failedTurns: 0,
  failuresByStage: {},
  retriesByStage: {},
  stages: {
    endOfTurnMs: { count: 10, p50: 260, p95: 280 },
    transcribeMs: { count: 10, p50: 420, p95: 1900 },
    firstTokenMs: { count: 9, p50: 610, p95: 2300 },
    firstAudioMs: { count: 0, p50: null, p95: null },
  },
  ...over,
});

describe("AI health card text", () => {
  it("lists the stages in turn order with readable times", () => {
    expect(stageRows(health()).map((r) => [r.label, r.p50, r.p95, r.turns])).toEqual([
      ["End of turn", "260 ms", "280 ms", 10],
      ["Speech to text", "420 ms", "1.9 s", 10],
      ["First reply word", "610 ms", "2.3 s", 9],
      ["First reply audio", "–", "–", 0],
    ]);
  });

  it("summarises failures by step, most first, and retries", () => {
    expect(failureSummary(health())).toBe("No failures");
    expect(failureSummary(health({ failedTurns: 3, failuresByStage: { speech: 1, transcribe: 2 } }))).toBe("3 failed: speech to text 2, speech 1");
    expect(retrySummary(health())).toBe("No retries");
    expect(retrySummary(health({ retriesByStage: { reply: 1 } }))).toBe("1 retry: reply 1");
    expect(retrySummary(health({ retriesByStage: { reply: 2, speech: 3 } }))).toBe("5 retries: speech 3, reply 2");
  });
});
