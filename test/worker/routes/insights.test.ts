// GET /api/insights against a seeded data set: exact counts, durations, failure shares, emotion mix,
// topics and per-stage latency; one Echo at a time; another user's Echo is 404, their calls never count.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { EmotionScores } from "../../../protocol/call-messages";
import type { InsightsView } from "../../../protocol/insights";
import type { StageFigures } from "../../../protocol/latency";
import type { RecapStatus } from "../../../protocol/summary";
import { db } from "../../../worker/db/client";
import { LATENCY_BUCKET_ERROR, latencyBucket, latencyBucketValue } from "../../../worker/db/insights/latency-histogram";
import { callSummaries } from "../../../worker/db/schema";
import { createCall, type EntrySpec } from "../support/calls";
import { createEcho, type EchoRow } from "../support/echoes";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";

const DAY = 86_400_000;
const turn = (firstTokenMs: number, endOfTurnMs?: number): EntrySpec[] => [
  { speaker: "caller", text: "Hello.", emotions: { calm: 0.5 } },
  { speaker: "assistant", text: "Hi.", latency: { transcribeMs: 50, firstTokenMs, firstAudioMs: firstTokenMs + 100, ...(endOfTurnMs ? { endOfTurnMs } : {}) } },
];

async function summary(callId: string, status: RecapStatus, topics: string[], callerEmotions: EmotionScores | null) {
  await db(env.DB)
    .insert(callSummaries)
    .values({ callId, status, method: "model", text: status === "ready" ? "A call." : "", moodArc: null, followUps: [], topics, callerEmotions, error: null, attempts: 1, updatedAt: Date.now() });
}

let owner: TestUser;
let other: TestUser;
let sage: EchoRow;
let kai: EchoRow;
let othersEcho: EchoRow;
let seededAt: number;

beforeAll(async () => {
  const now = Date.now();
  seededAt = now;
  owner = await createUser();
  other = await createUser();
  sage = await createEcho(owner.user.id, { name: "Sage" });
  kai = await createEcho(owner.user.id, { name: "Kai" });
  othersEcho = await createEcho(other.user.id, { name: "Not yours" });
  const c1 = await createCall(owner.user.id, { echoId: sage.id, startTime: now - 1.5 * DAY, duration: 60 }, [...turn(100, 500), ...turn(300, 700)]);
  await summary(c1.id, "ready", ["sleep", "work"], { fear: 0.6, calm: 0.4 });
  const c2 = await createCall(owner.user.id, { echoId: sage.id, startTime: now - 2.5 * DAY, duration: 30, status: "failed" }, turn(200));
  await summary(c2.id, "ready", ["sleep"], { calm: 1 });
  const c3 = await createCall(owner.user.id, { echoId: kai.id, startTime: now - 3.5 * DAY, duration: 90 }, turn(400));
  await summary(c3.id, "failed", ["ignored"], { joy: 1 });
  // Outside the last 30 days, inside the last 90.
  await createCall(owner.user.id, { echoId: kai.id, startTime: now - 40 * DAY, duration: 500 }, turn(9999));
  // Still running: counted, but its duration is unknown.
  await createCall(owner.user.id, { echoId: sage.id, startTime: now - 3_600_000, status: "in-progress", endTime: null, duration: null });
  const theirs = await createCall(other.user.id, { echoId: othersEcho.id, startTime: now - 1.5 * DAY, duration: 999, status: "failed" }, turn(5000));
  await summary(theirs.id, "ready", ["sleep"], { anger: 1 });
});

/**
 * Latency figures are read from log buckets (six per octave): the exact nearest-rank p50 / p95 of the
 * seeded turns become their bucket's middle, within LATENCY_BUCKET_ERROR (5.9 %) plus rounding.
 */
function bucketed(count: number, p50: number | null, p95: number | null): StageFigures {
  const near = (exact: number | null) => {
    if (exact === null) return null;
    const v = latencyBucketValue(latencyBucket(exact));
    expect(Math.abs(v - exact)).toBeLessThanOrEqual(exact * LATENCY_BUCKET_ERROR + 0.5);
    return v;
  };
  return { count, p50: near(p50), p95: near(p95) };
}

async function insights(user: TestUser, query: string): Promise<Response> {
  return exports.default.fetch(`${TEST_ORIGIN}/api/insights${query}`, { headers: user.headers });
}
async function view(query: string): Promise<InsightsView> {
  const res = await insights(owner, query);
  expect(res.status).toBe(200);
  return res.json();
}

describe("GET /api/insights", () => {
  it("the last 30 days across all Echoes", async () => {
    const v = await view("");
    expect(v.period).toBe("30d");
    expect(v.until - v.since).toBe(30 * DAY);
    expect(v.totals).toEqual({ echoId: null, echoName: null, calls: 4, totalDuration: 180, averageDuration: 60, failed: 1, failureShare: 0.25 });
    expect(v.perEcho).toEqual([
      { echoId: sage.id, echoName: "Sage", calls: 3, totalDuration: 90, averageDuration: 45, failed: 1, failureShare: 1 / 3 },
      { echoId: kai.id, echoName: "Kai", calls: 1, totalDuration: 90, averageDuration: 90, failed: 0, failureShare: 0 },
    ]);
    expect(v.topics).toEqual([
      { topic: "sleep", calls: 2 },
      { topic: "work", calls: 1 },
    ]);
    expect(v.summarizedCalls).toBe(2);

    // One bar per UTC calendar day the period touches: the first from `since`, the rest from midnight.
    expect(v.bucketMs).toBe(DAY);
    const firstDay = Math.floor(v.since / DAY);
    expect(v.emotionMix).toHaveLength(Math.ceil(v.until / DAY) - firstDay);
    expect(v.emotionMix.map((b) => b.start)).toEqual(v.emotionMix.map((_, i) => (i === 0 ? v.since : (firstDay + i) * DAY)));
    const dayOf = (daysAgo: number) => Math.floor((seededAt - daysAgo * DAY) / DAY);
    const filled = v.emotionMix.filter((b) => b.calls > 0);
    expect(filled.map((b) => [Math.floor(b.start / DAY), b.calls, b.mix])).toEqual([
      [dayOf(3.5), 1, { joy: 1, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 0 }],
      [dayOf(2.5), 1, { joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 1 }],
      [dayOf(1.5), 1, { joy: 0, sadness: 0, anger: 0, fear: 0.6, surprise: 0, calm: 0.4 }],
    ]);

    // firstTokenMs of the four turns: 100, 200, 300, 400 → nearest rank p50 200, p95 400 (bucketed).
    expect(v.latency.firstTokenMs).toEqual(bucketed(4, 200, 400));
    expect(v.latency.firstAudioMs).toEqual(bucketed(4, 300, 500));
    expect(v.latency.endOfTurnMs).toEqual(bucketed(2, 500, 700));
    expect(v.latency.transcribeMs).toEqual(bucketed(4, 50, 50));
    expect(v.latency.firstTokenMs.p50).not.toBe(v.latency.firstTokenMs.p95);
  });

  it("a longer period and one Echo", async () => {
    const ninety = await view("?period=90d");
    expect(ninety.totals).toMatchObject({ calls: 5, totalDuration: 680, averageDuration: 170, failed: 1, failureShare: 0.2 });
    expect(ninety.latency.firstTokenMs).toEqual(bucketed(5, 300, 9999));
    expect(ninety.bucketMs).toBe(7 * DAY);
    expect(ninety.emotionMix).toHaveLength(13);

    // A year in 30-day bars that break at midnights (the last one ends with today).
    const year = await view(`?period=365d&echoId=${kai.id}`);
    expect(year.totals).toMatchObject({ calls: 2, totalDuration: 590, failed: 0 });
    expect(year.emotionMix).toHaveLength(13);
    expect(year.latency.firstTokenMs).toEqual(bucketed(2, 400, 9999));

    const kaiOnly = await view(`?period=30d&echoId=${kai.id}`);
    expect(kaiOnly.echoId).toBe(kai.id);
    expect(kaiOnly.totals).toMatchObject({ calls: 1, totalDuration: 90, failed: 0, failureShare: 0 });
    expect(kaiOnly.perEcho.map((e) => e.echoId)).toEqual([kai.id]);
    expect(kaiOnly.topics).toEqual([]);
    expect(kaiOnly.latency.firstTokenMs).toEqual(bucketed(1, 400, 400));
  });

  it("no calls: zeros and nulls, not errors", async () => {
    const fresh = await createUser();
    const res = await insights(fresh, "?period=7d");
    const v = (await res.json()) as InsightsView;
    expect(v.totals).toEqual({ echoId: null, echoName: null, calls: 0, totalDuration: 0, averageDuration: null, failed: 0, failureShare: null });
    expect(v.perEcho).toEqual([]);
    expect(v.emotionMix.every((b) => b.calls === 0)).toBe(true);
    expect(v.latency.firstTokenMs).toEqual({ count: 0, p50: null, p95: null });
  });

  it("another user's Echo is 404; a bad period is 400; signed out is 401", async () => {
    const res = await insights(owner, `?echoId=${othersEcho.id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
    const theirs = await insights(other, "");
    expect(((await theirs.json()) as InsightsView).totals).toMatchObject({ calls: 1, totalDuration: 999, failed: 1 });
    const bad = await insights(owner, "?period=5y");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: "period: must be 7d, 30d, 90d or 365d" } });
    expect((await exports.default.fetch(`${TEST_ORIGIN}/api/insights`)).status).toBe(401);
  });
});
