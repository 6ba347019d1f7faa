// The numbers the Insights view reads (call_figures, call_topics and their per-day sums call_days,
// topic_days, latency_days; migration 0004) stay
// equal to what the calls, turns and summaries say, whichever way those are written: a live call
// (turns stored while it runs, counted once it ends), a phone call claimed mid-way, a re-stored turn,
// a retried summary, a deleted Echo or call; and calls in the partial days at a period's ends.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry, TurnLatency } from "../../../protocol/call-messages";
import type { InsightsView } from "../../../protocol/insights";
import { createCallRow, finalizeCall, upsertTranscriptEntries } from "../../../worker/db/call-writes";
import { db } from "../../../worker/db/client";
import { latencyBucket, latencyBucketValue } from "../../../worker/db/insights/latency-histogram";
import { claimPhoneCall } from "../../../worker/db/phone";
import { saveRecap, type RecapWrite } from "../../../worker/db/summaries";
import { createCall } from "../support/calls";
import { createEcho } from "../support/echoes";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";

const DAY = 86_400_000;
const LATENCY_STAGES_SQL = "('endOfTurnMs', 'transcribeMs', 'firstTokenMs', 'firstAudioMs')";

type Row = { echo_key: string; day: number; stage: string; bucket: number; n: number };

/** latency_days of a user, as stored. */
async function stored(userId: string): Promise<Row[]> {
  const { results } = await env.DB.prepare("select echo_key, day, stage, bucket, n from latency_days where user_id = ? order by 1, 2, 3, 4")
    .bind(userId)
    .all<Row>();
  return results;
}

/** latency_days of a user recomputed from the turns of their ended calls (as the backfill does). */
async function recomputed(userId: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `select k.value as echo_key, c.start_time / 86400000 as day, s.key as stage, cast(floor(6 * log2(max(s.value, 1))) as integer) as bucket, count(*) as n
     from calls c join transcript_entries e on e.call_id = c.id, json_each(e.latency) s, json_each(json_array('*', c.echo_id)) k
     where c.user_id = ? and c.status != 'in-progress' and e.speaker = 'assistant' and s.key in ${LATENCY_STAGES_SQL} and k.value is not null
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  )
    .bind(userId)
    .all<Row>();
  return results;
}

/** call_figures recomputed from calls and summaries. */
async function figuresMatch(userId: string): Promise<void> {
  const q = (sql: string) => env.DB.prepare(sql).bind(userId).all();
  const kept = await q(`select call_id, user_id, echo_id, start_time, duration, failed, summarized, scored, joy, calm from call_figures where user_id = ? order by call_id`);
  const fresh = await q(`select c.id as call_id, c.user_id, c.echo_id, c.start_time, c.duration, c.status = 'failed' as failed, coalesce(s.status = 'ready', 0) as summarized,
      s.caller_emotions is not null as scored, json_extract(s.caller_emotions, '$.joy') as joy, json_extract(s.caller_emotions, '$.calm') as calm
    from calls c left join call_summaries s on s.call_id = c.id where c.user_id = ? order by c.id`);
  expect(kept.results).toEqual(fresh.results);
  const topics = await q(`select call_id, topic from call_topics where user_id = ? order by call_id, position`);
  const freshTopics = await q(`select s.call_id, t.value as topic from call_summaries s join calls c on c.id = s.call_id, json_each(s.topics) t
    where c.user_id = ? and s.status = 'ready' order by s.call_id, t.key`);
  expect(topics.results).toEqual(freshTopics.results);
  // The per-day sums equal the per-call rows summed again (float sums to 9 places).
  const days = await q(`select echo_key, day, calls, timed, total_duration, failed, summarized, scored, round(joy_sum, 9) as joy, joy_n, round(calm_sum, 9) as calm, calm_n
    from call_days where user_id = ? order by 1, 2`);
  const freshDays = await q(`select coalesce(echo_id, '') as echo_key, start_time / 86400000 as day, count(*) as calls, count(duration) as timed, coalesce(sum(duration), 0) as total_duration,
      sum(failed) as failed, sum(summarized) as summarized, sum(scored) as scored, round(coalesce(sum(joy), 0), 9) as joy, count(joy) as joy_n, round(coalesce(sum(calm), 0), 9) as calm, count(calm) as calm_n
    from call_figures where user_id = ? group by 1, 2 order by 1, 2`);
  expect(days.results).toEqual(freshDays.results);
  const topicDays = await q(`select echo_key, day, topic, n from topic_days where user_id = ? order by 1, 2, 3`);
  const freshTopicDays = await q(`select k.value as echo_key, t.start_time / 86400000 as day, t.topic, count(*) as n
    from call_topics t, json_each(json_array('*', t.echo_id)) k where t.user_id = ? and k.value is not null group by 1, 2, 3 order by 1, 2, 3`);
  expect(topicDays.results).toEqual(freshTopicDays.results);
}

async function consistent(userId: string): Promise<void> {
  expect(await stored(userId)).toEqual(await recomputed(userId));
  const blocks = await env.DB.prepare("select echo_key, block, stage, bucket, n from latency_blocks where user_id = ? order by 1, 2, 3, 4").bind(userId).all();
  const freshBlocks = await env.DB.prepare(
    "select echo_key, day / 16 as block, stage, bucket, sum(n) as n from latency_days where user_id = ? group by 1, 2, 3, 4 order by 1, 2, 3, 4",
  )
    .bind(userId)
    .all();
  expect(blocks.results).toEqual(freshBlocks.results);
  await figuresMatch(userId);
}

/** A full turn timing around a first-token time. */
const timing = (firstTokenMs: number): TurnLatency => ({ transcribeMs: 90, firstTokenMs, firstAudioMs: firstTokenMs + 100 });

function entry(callId: string, seq: number, latency: TurnLatency | null, speaker: TranscriptEntry["speaker"] = "assistant"): TranscriptEntry {
  return { id: `${callId}-${seq}`, seq, speaker, text: "Hi.", timestamp: Date.now(), emotions: {}, latency };
}

async function view(user: TestUser, query: string): Promise<InsightsView> {
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/insights${query}`, { headers: user.headers });
  expect(res.status).toBe(200);
  return res.json();
}

const recap = (over: Partial<RecapWrite> = {}): RecapWrite => ({
  status: "ready",
  method: "model",
  text: "A call.",
  moodArc: null,
  followUps: [],
  topics: ["sleep", "work"],
  callerEmotions: { joy: 0.25, calm: 0.75 },
  error: null,
  attempts: 1,
  updatedAt: Date.now(),
  ...over,
});

describe("Insights figures kept by triggers", () => {
  it("buckets every latency as latencyBucket does (six per octave, below 1 ms in bucket 0)", async () => {
    const { user } = await createUser();
    const values = [0, 0.4, 1, 2, 3, 50, 99, 100, 101, 181, 1000, 1023, 1024, 12_345, 60_000];
    await createCall(
      user.id,
      {},
      values.map((v) => ({ speaker: "assistant" as const, text: "Hi.", latency: { transcribeMs: v, firstTokenMs: 1, firstAudioMs: 1 } })),
    );
    const rows = (await stored(user.id)).filter((r) => r.echo_key === "*" && r.stage === "transcribeMs");
    const expected = new Map<number, number>();
    for (const v of values) expected.set(latencyBucket(v), (expected.get(latencyBucket(v)) ?? 0) + 1);
    expect(rows.map((r) => [r.bucket, r.n])).toEqual([...expected].sort((a, b) => a[0] - b[0]));
    expect(latencyBucket(1023)).not.toBe(latencyBucket(1000) - 1);
  });

  it("a live call's turns count once it ends; re-stored turns move between buckets; a claimed phone call moves to its owner", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const database = db(env.DB);
    const started = Date.now() - 120_000;
    const callId = crypto.randomUUID();
    await createCallRow(database, { id: callId, userId: null, echoId: null, callType: "phone", startTime: started, providerCallId: `CA${callId.replaceAll("-", "")}` });
    await upsertTranscriptEntries(database, callId, [entry(callId, 0, null, "caller"), entry(callId, 1, timing(300))]);
    // Running, and nobody's yet: nothing counted.
    expect(await stored(owner.user.id)).toEqual([]);
    expect((await claimPhoneCall(database, callId, owner.user.id, echo.id)).claimed).toBe(true);
    await upsertTranscriptEntries(database, callId, [entry(callId, 1, timing(300)), entry(callId, 2, timing(700))]);
    expect(await stored(owner.user.id)).toEqual([]);
    expect(await finalizeCall(database, callId, { status: "completed", endTime: Date.now(), endReason: "caller_hung_up" }, [entry(callId, 3, timing(5000))])).toBe(true);
    await consistent(owner.user.id);
    let v = await view(owner, "?period=7d");
    expect(v.latency.firstTokenMs.count).toBe(3);
    expect(v.latency.transcribeMs).toMatchObject({ count: 3, p50: latencyBucketValue(latencyBucket(90)) });
    expect(v.perEcho).toMatchObject([{ echoId: echo.id, calls: 1 }]);

    // A turn stored again with a new timing moves; the same timing again changes nothing.
    await upsertTranscriptEntries(database, callId, [entry(callId, 2, timing(40))]);
    await upsertTranscriptEntries(database, callId, [entry(callId, 2, timing(40))]);
    await consistent(owner.user.id);
    v = await view(owner, "?period=7d");
    expect(v.latency.firstTokenMs.count).toBe(3);
    expect(v.latency.firstTokenMs.p50).toBeLessThan(320);

    // A turn deleted on its own.
    await env.DB.prepare("delete from transcript_entries where id = ?").bind(`${callId}-3`).run();
    await consistent(owner.user.id);
    expect((await view(owner, "?period=7d")).latency.firstTokenMs.count).toBe(2);
  });

  it("a retried summary replaces its topics and scores; a failed one has none; a deleted Echo's calls stay in the totals", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id, { name: "Gone soon" });
    const database = db(env.DB);
    const a = await createCall(owner.user.id, { echoId: echo.id, startTime: Date.now() - DAY, duration: 40 }, [
      { speaker: "caller", text: "Hello." },
      { speaker: "assistant", text: "Hi.", latency: timing(250) },
    ]);
    const b = await createCall(owner.user.id, { echoId: echo.id, startTime: Date.now() - 2 * DAY, duration: 20, status: "failed" });
    await saveRecap(database, a.id, recap({ status: "failed", topics: ["ignored"], callerEmotions: null }));
    await saveRecap(database, b.id, recap());
    await saveRecap(database, a.id, recap({ topics: ["sleep", "money"], callerEmotions: { joy: 1 } }));
    await consistent(owner.user.id);
    let v = await view(owner, "?period=7d");
    expect(v.topics).toEqual([
      { topic: "sleep", calls: 2 },
      { topic: "money", calls: 1 },
      { topic: "work", calls: 1 },
    ]);
    expect(v.summarizedCalls).toBe(2);
    expect(v.emotionMix.reduce((n, bucket) => n + bucket.calls, 0)).toBe(2);
    await saveRecap(database, b.id, recap({ status: "failed", topics: ["work"], callerEmotions: null }));
    await consistent(owner.user.id);
    v = await view(owner, "?period=7d");
    expect(v.topics).toEqual([
      { topic: "money", calls: 1 },
      { topic: "sleep", calls: 1 },
    ]);
    expect(v.summarizedCalls).toBe(1);

    await env.DB.prepare("delete from echoes where id = ?").bind(echo.id).run();
    await consistent(owner.user.id);
    v = await view(owner, "?period=7d");
    expect(v.totals).toMatchObject({ calls: 2, totalDuration: 60, failed: 1 });
    expect(v.perEcho).toEqual([{ echoId: null, echoName: null, calls: 2, totalDuration: 60, averageDuration: 30, failed: 1, failureShare: 0.5 }]);
    expect(v.latency.firstTokenMs.count).toBe(1);
    expect((await stored(owner.user.id)).every((r) => r.echo_key === "*")).toBe(true);

    // A deleted call leaves nothing behind.
    await env.DB.prepare("delete from calls where id = ?").bind(a.id).run();
    await consistent(owner.user.id);
    expect(await stored(owner.user.id)).toEqual([]);
    expect((await view(owner, "?period=7d")).topics).toEqual([]);
  });

  it("calls in the partial days at both ends of the period count exactly, from their turns", async () => {
    const owner = await createUser();
    const now = Date.now();
    const since = now - 7 * DAY;
    const turn = (firstTokenMs: number) => [{ speaker: "assistant" as const, text: "Hi.", latency: timing(firstTokenMs) }];
    // Just inside and just outside the start of the 7-day period, the first whole day, and today.
    await createCall(owner.user.id, { startTime: since + 120_000 }, turn(100));
    await createCall(owner.user.id, { startTime: since - 120_000 }, turn(60_000));
    await createCall(owner.user.id, { startTime: (Math.ceil(since / DAY) + 1) * DAY + 1000 }, turn(200));
    await createCall(owner.user.id, { startTime: now - 60_000 }, turn(400));
    const v = await view(owner, "?period=7d");
    expect(v.totals.calls).toBe(3);
    expect(v.latency.firstTokenMs.count).toBe(3);
    expect(v.latency.firstTokenMs.p95).toBeLessThan(450);
    expect(v.latency.firstTokenMs.p50).toBeGreaterThan(180);
    await consistent(owner.user.id);
  });
});
