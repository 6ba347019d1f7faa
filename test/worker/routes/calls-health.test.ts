// GET /api/calls/health: the owner's last 24 hours of stored turns — counts, failures by stage,
// retries, and p50 / p95 per stage — from their own calls only.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CallHealth } from "../../../protocol/health";
import { createCall } from "../support/calls";
import { createUser } from "../support/users";

const lat = (ms: number) => ({ transcribeMs: ms, firstTokenMs: ms + 100, firstAudioMs: ms + 200, endOfTurnMs: 260 });

describe("GET /api/calls/health", () => {
  it("summarises the owner's turns of the last 24 hours", async () => {
    const owner = await createUser();
    const other = await createUser();
    // 20 answered turns with transcribe 10…200 ms, one retried; then an apology after a speech failure.
    await createCall(owner.user.id, { startTime: Date.now() - 3_600_000 }, [
      ...Array.from({ length: 20 }, (_, i) => [
        { speaker: "caller" as const, text: `question ${i}` },
        { speaker: "assistant" as const, text: `answer ${i}`, latency: lat((i + 1) * 10), outcome: { status: "ok" as const, sttMode: "batch" as const, ...(i === 0 ? { retries: { transcribe: 1 } } : {}) } },
      ]).flat(),
      { speaker: "assistant", text: "Sorry, I lost you for a moment.", outcome: { status: "failed", sttMode: "batch", failedStage: "speech", error: "x", retries: { speech: 2 } } },
    ]);
    // Outside the window, and someone else's: not counted.
    await createCall(owner.user.id, { startTime: Date.now() - 30 * 3_600_000 }, [{ speaker: "assistant", text: "old", latency: lat(9999) }]);
    await createCall(other.user.id, {}, [{ speaker: "assistant", text: "theirs", outcome: { status: "failed", sttMode: "typed", failedStage: "reply" } }]);

    const res = await exports.default.fetch("https://echo.test/api/calls/health", { headers: owner.headers });
    expect(res.status).toBe(200);
    const health = (await res.json()) as CallHealth;
    expect(health.until - health.since).toBe(24 * 3_600_000);
    expect(health).toMatchObject({ turns: 21, failedTurns: 1, failuresByStage: { speech: 1 }, retriesByStage: { transcribe: 1, speech: 2 } });
    expect(health.stages.transcribeMs).toEqual({ count: 20, p50: 100, p95: 190 });
    expect(health.stages.firstAudioMs).toEqual({ count: 20, p50: 300, p95: 390 });
    expect(health.stages.endOfTurnMs).toEqual({ count: 20, p50: 260, p95: 260 });
  });

  it("needs a signed-in user", async () => {
    const res = await exports.default.fetch("https://echo.test/api/calls/health");
    expect(res.status).toBe(401);
  });
});
