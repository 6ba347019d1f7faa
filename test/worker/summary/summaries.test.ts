// Call summaries: made after the call's final D1 write (extractive with the offline engine, by the model
// through reply() otherwise), shown by the call APIs and exports; a failing summary leaves the call
// completed and can be retried (owner only, Origin-checked).
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CallDetail, CallExport, CallListPage } from "../../../protocol/call-history";
import { RECAP_WAIT_MS, type RecapRetryResult } from "../../../protocol/summary";
import type { AiProvider } from "../../../worker/ai/provider";
import { composeProvider, selectProvider } from "../../../worker/ai/select";
import type { CallSession } from "../../../worker/call/CallSession";
import { readConfig } from "../../../worker/config/config";
import { db } from "../../../worker/db/client";
import type { Env } from "../../../worker/config/env";
import { SUMMARY_MIN_INTERVAL_MS, SummaryTooSoonError, summarizeCall } from "../../../worker/summary/summarize";
import { callRow, callStub, eventually, startTestCall } from "../support/call";
import { createCall } from "../support/calls";
import { BriefProvider } from "../support/providers";
import { SummaryModelProvider, answering, failing, heldBack, silent } from "../support/summary-providers";
import { TEST_ORIGIN, createUser, type TestUser } from "../support/users";

type Msg = Record<string, unknown> & { type?: string };
const finalReply = (m: Msg) => m.type === "ai_response" && m.final === true;

async function detail(user: TestUser, callId: string): Promise<CallDetail> {
  const res = await exports.default.fetch(`${TEST_ORIGIN}/api/calls/${callId}`, { headers: user.headers });
  expect(res.status).toBe(200);
  return res.json();
}

/** A test call with short (one-sentence) replies; `provider` wraps them (default: the offline engine's). */
async function talkAndEnd(lines: string[], provider: (brief: AiProvider) => AiProvider = (brief) => brief) {
  const started = await startTestCall();
  await runInDurableObject(callStub(started.callId), (instance: CallSession) => instance.useProvider(provider(new BriefProvider(selectProvider(env)))));
  for (const text of lines) {
    started.socket.send({ type: "text_input", text });
    await started.socket.next(finalReply, 20_000);
  }
  started.socket.send({ type: "end_call" });
  await started.socket.next("call_ended", 10_000);
  return started;
}

describe("summary at the end of a call", { timeout: 60_000 }, () => {
  it("offline engine: an extractive summary of the caller's own lines, in details, history and exports", async () => {
    const { owner, callId } = await talkAndEnd(["I have a job interview tomorrow and I'm nervous.", "Can you remind me to print my resume tonight?"]);
    const call = await eventually(async () => {
      const d = await detail(owner, callId);
      return d.recap?.status === "ready" ? d : null;
    }, 10_000);
    expect(call.status).toBe("completed");
    expect(call.recap).toMatchObject({ method: "extractive", followUps: ["Can you remind me to print my resume tonight?"], error: null, attempts: 1 });
    expect(call.recap?.text).toBe(
      "In 2 turns, the caller opened with “I have a job interview tomorrow and I'm nervous.” and closed with “Can you remind me to print my resume tonight?”",
    );
    expect(call.recap?.topics.length).toBeGreaterThan(0);

    const list = (await (await exports.default.fetch(`${TEST_ORIGIN}/api/calls`, { headers: owner.headers })).json()) as CallListPage;
    expect(list.calls.find((c) => c.id === callId)?.summaryText).toBe(call.recap?.text);

    const txt = await (await exports.default.fetch(`${TEST_ORIGIN}/api/calls/${callId}/export?format=txt`, { headers: owner.headers })).text();
    expect(txt).toContain(`Summary (extractive: the caller's own words, no language model): ${call.recap?.text}`);
    expect(txt).toContain("Follow-ups:\n- Can you remind me to print my resume tonight?");
    const json = (await (await exports.default.fetch(`${TEST_ORIGIN}/api/calls/${callId}/export?format=json`, { headers: owner.headers })).json()) as CallExport;
    expect(json.call.recap).toEqual(call.recap);
  });

  it("a language model's summary comes through reply() with the transcript", async () => {
    let model: SummaryModelProvider | null = null;
    const answer = '```json\n{"summary": "The caller asked about running. They will start slowly.", "followUps": ["Send a 10k plan"], "topics": ["Running", "10k plan"]}\n```';
    const { owner, callId } = await talkAndEnd(["I want to run a 10k in March. Send me a plan please."], (brief) => (model = new SummaryModelProvider(brief, answering(answer))));
    const call = await eventually(async () => {
      const d = await detail(owner, callId);
      return d.recap?.status === "ready" ? d : null;
    }, 10_000);
    expect(call.recap).toMatchObject({
      method: "model",
      text: "The caller asked about running. They will start slowly.",
      followUps: ["Send a 10k plan"],
      topics: ["running", "10k plan"],
    });
    const request = (model as SummaryModelProvider | null)?.summaryRequests[0];
    expect(request?.messages[1]?.content).toContain("Caller: I want to run a 10k in March. Send me a plan please.");
    // Room for the whole JSON answer: not cut at a spoken reply's 256 tokens.
    expect(request?.maxTokens).toBe(700);
  });

  it("a failing summary leaves the call completed; the owner retries it from Call Details", async () => {
    const { owner, callId } = await talkAndEnd(["Hello, please call me back next week about the boiler."], (brief) => new SummaryModelProvider(brief, failing(false)));
    const failed = await eventually(async () => {
      const d = await detail(owner, callId);
      return d.recap?.status === "failed" ? d : null;
    }, 10_000);
    expect(await callRow(callId)).toMatchObject({ status: "completed" });
    expect(failed.recap?.error).toBe("The language model is unavailable right now (HTTP 503). Retry in a moment."); // not the provider's own words
    expect(failed.recap?.text).toBe("");

    const other = await createUser();
    const retryAs = (headers: Record<string, string>) => exports.default.fetch(`${TEST_ORIGIN}/api/calls/${callId}/summary`, { method: "POST", headers });
    expect((await retryAs(other.headers)).status).toBe(404);
    expect((await retryAs({ Cookie: owner.cookie })).status).toBe(403); // no Origin
    expect((await retryAs({ Cookie: owner.cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await detail(owner, callId)).recap?.status).toBe("failed");

    // Moments after a run: refused with a wait, and nothing is run.
    const soon = await retryAs(owner.headers);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await soon.json()) as { error: { message: string } }).error.message).toMatch(/^A summary of this call was just attempted\. Please wait \d+ seconds? and try again\.$/);
    expect((await detail(owner, callId)).recap).toMatchObject({ status: "failed", attempts: 1 });
    await env.DB.prepare("update call_summaries set updated_at = updated_at - ? where call_id = ?").bind(SUMMARY_MIN_INTERVAL_MS, callId).run();

    const res = await retryAs(owner.headers); // the configured provider: offline in tests
    expect(res.status).toBe(200);
    const { recap } = (await res.json()) as RecapRetryResult;
    expect(recap).toMatchObject({ status: "ready", method: "extractive", attempts: 2, followUps: ["Hello, please call me back next week about the boiler."] });
    expect((await detail(owner, callId)).recap).toEqual(recap);
  });
});

describe("summarizeCall", () => {
  const entries = [
    { text: "I feel so anxious about tomorrow.", emotions: { fear: 0.8, calm: 0.1 } },
    { text: "Breathe slowly, one step at a time." },
    { text: "Okay. That helps, I feel calmer now.", emotions: { calm: 0.7, fear: 0.2 } },
  ];

  it("retries a transient failure once, then stores it; a model that doesn't answer meets its deadline", async () => {
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const flaky = new SummaryModelProvider(selectProvider(env), failing(true));
    const recap = await summarizeCall(db(env.DB), flaky, call.id);
    expect(flaky.summaryRequests).toHaveLength(2);
    expect(recap).toMatchObject({ status: "failed", moodArc: "anxious → calm", attempts: 1 });

    const mute = new SummaryModelProvider(selectProvider(env), silent());
    const late = await summarizeCall(db(env.DB), mute, call.id, { deadlineMs: 50 });
    expect(late).toMatchObject({ status: "failed", error: "The language model did not answer within 50 ms.", attempts: 2 });
  });

  it("a mixed provider whose replies are rule-based writes the extractive summary, like the offline engine", async () => {
    const mixedEnv = { ...env, AI: {} as Ai, AI_PROVIDER: "workers-ai", AI_REPLY: "offline" } as Env;
    const provider = composeProvider(readConfig(mixedEnv).ai, mixedEnv);
    expect(provider.name).toBe("mixed");
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const recap = await summarizeCall(db(env.DB), provider, call.id);
    expect(recap).toMatchObject({ status: "ready", method: "extractive" });
  });

  it("a run that fails late never replaces the summary a later run has written (a retry racing the automatic job)", async () => {
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const { answer: slowFailure, release: releaseFailure } = heldBack(failing(false));
    const first = summarizeCall(db(env.DB), new SummaryModelProvider(selectProvider(env), slowFailure), call.id, { now: () => 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first run is waiting for its model
    const answer = '{"summary": "The caller asked for a plan.", "followUps": [], "topics": ["Plans"]}';
    // Retried once the first run looks stalled (the page offers Retry then).
    const second = await summarizeCall(db(env.DB), new SummaryModelProvider(selectProvider(env), answering(answer)), call.id, { now: () => 1_000 + RECAP_WAIT_MS + 1 });
    expect(second).toMatchObject({ status: "ready", text: "The caller asked for a plan." });
    releaseFailure();
    expect(await first).toMatchObject({ status: "ready", text: "The caller asked for a plan." });
    const detail = (await (await exports.default.fetch(`https://echo.test/api/calls/${call.id}`, { headers: owner.headers })).json()) as CallDetail;
    expect(detail.recap).toMatchObject({ status: "ready", text: "The caller asked for a plan." });
  });

  it("a refresh that fails keeps the summary made before; a request while a run is under way starts no second one", async () => {
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const answer = '{"summary": "The caller planned a trip.", "followUps": [], "topics": ["Travel"]}';
    const ready = (await summarizeCall(db(env.DB), new SummaryModelProvider(selectProvider(env), answering(answer)), call.id))!;
    expect(ready).toMatchObject({ status: "ready", attempts: 1 });
    const refresh = await summarizeCall(db(env.DB), new SummaryModelProvider(selectProvider(env), failing(false)), call.id, { now: () => ready.updatedAt + 5_000 });
    // The summary stays; the failed run counts, and the next asked-for one waits from its end.
    expect(refresh).toMatchObject({ status: "ready", text: "The caller planned a trip.", topics: ["travel"], attempts: 2, updatedAt: ready.updatedAt + 5_000 });
    const again = summarizeCall(db(env.DB), new SummaryModelProvider(selectProvider(env), answering(answer)), call.id, { now: () => ready.updatedAt + 6_000, minIntervalMs: SUMMARY_MIN_INTERVAL_MS });
    await expect(again).rejects.toBeInstanceOf(SummaryTooSoonError);
    const detail = (await (await exports.default.fetch(`https://echo.test/api/calls/${call.id}`, { headers: owner.headers })).json()) as CallDetail;
    expect(detail.recap).toMatchObject({ status: "ready", text: "The caller planned a trip." });

    const other = await createCall(owner.user.id, {}, entries);
    const { answer: slow, release } = heldBack(answering(answer));
    const firstModel = new SummaryModelProvider(selectProvider(env), slow);
    const first = summarizeCall(db(env.DB), firstModel, other.id);
    await eventually(async () => firstModel.summaryRequests.length > 0);
    const twiceModel = new SummaryModelProvider(selectProvider(env), answering(answer));
    expect(await summarizeCall(db(env.DB), twiceModel, other.id)).toMatchObject({ status: "pending" });
    expect(twiceModel.summaryRequests).toHaveLength(0);
    release();
    expect(await first).toMatchObject({ status: "ready" });
  });

  it("an unusable answer is a failure, not a summary", async () => {
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const recap = await summarizeCall(db(env.DB), new SummaryModelProvider(selectProvider(env), answering("Sure! The caller was anxious.")), call.id);
    expect(recap).toMatchObject({ status: "failed", error: "The language model's answer was not a summary in the expected form.", text: "" });
  });

  it("a call still in progress, or someone else's, is not summarized", async () => {
    const owner = await createUser();
    const running = await createCall(owner.user.id, { status: "in-progress", endTime: null, duration: null }, entries);
    expect(await summarizeCall(db(env.DB), selectProvider(env), running.id)).toBeNull();
    const done = await createCall(owner.user.id, {}, entries);
    const other = await createUser();
    expect(await summarizeCall(db(env.DB), selectProvider(env), done.id, { userId: other.user.id })).toBeNull();
    expect(await env.DB.prepare("select count(*) as n from call_summaries where call_id in (?, ?)").bind(running.id, done.id).first("n")).toBe(0);
  });
});
