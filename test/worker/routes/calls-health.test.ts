// GET /api/calls/health: the owner's last 24 hours of stored turns — counts, failures by stage,
// retries, and p50 / p95 per stage — from their own calls only; the stage figures are Insights' own
// (the same buckets and nearest rank), so the two views agree on the same turns.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CallHealth } from "../../../protocol/health";
import type { InsightsView } from "../../../protocol/insights";
import { latencyBucket, latencyBucketValue } from "../../../worker/db/insights/latency-histogram";
import { createCall } from "../support/calls";
import { createUser } from "../support/users";

/** The figure a stage reports for turns whose nearest rank is `ms` (its log bucket's middle). */
const inBucket = (ms: number) => latencyBucketValue(latencyBucket(ms));

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
    expect(health.stages.transcribeMs).toEqual({ count: 20, p50: inBucket(100), p95: inBucket(190) });
    expect(health.stages.firstAudioMs).toEqual({ count: 20, p50: inBucket(300), p95: inBucket(390) });
    expect(health.stages.endOfTurnMs).toEqual({ count: 20, p50: inBucket(260), p95: inBucket(260) });

  });

  it("shows the same figures as Insights for the same turns", async () => {
    const owner = await createUser();
    await createCall(owner.user.id, { startTime: Date.now() - 3_600_000 }, Array.from({ length: 9 }, (_, i) => ({ speaker: "assistant" as const, text: `a${i}`, latency: lat(37 * (i + 1)) })));
    const health = (await (await exports.default.fetch("https://echo.test/api/calls/health", { headers: owner.headers })).json()) as CallHealth;
    const view = (await (await exports.default.fetch("https://echo.test/api/insights?period=7d", { headers: owner.headers })).json()) as InsightsView;
    expect(health.stages.transcribeMs.count).toBe(9);
    expect(health.stages).toEqual(view.latency);
  });

  it("counts a call's timings once it has ended, as Insights does", async () => {
    const owner = await createUser();
    await createCall(owner.user.id, { status: "in-progress", endTime: null, duration: null, startTime: Date.now() - 60_000 }, [
      { speaker: "assistant", text: "hello", latency: lat(50), outcome: { status: "ok", sttMode: "batch" } },
    ]);
    const res = await exports.default.fetch("https://echo.test/api/calls/health", { headers: owner.headers });
    const health = (await res.json()) as CallHealth;
    expect(health.turns).toBe(1);
    expect(health.stages.transcribeMs).toEqual({ count: 0, p50: null, p95: null });
  });

  it("needs a signed-in user", async () => {
    const res = await exports.default.fetch("https://echo.test/api/calls/health");
    expect(res.status).toBe(401);
  });
});
