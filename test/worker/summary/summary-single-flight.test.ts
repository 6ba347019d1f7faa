// A call's summary runs one at a time (a conditional write claims the job in D1), and the summaries a
// user asks for count on a per-user limit across calls (429 with a clear message beyond it).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CallRecap } from "../../../protocol/summary";
import { selectProvider } from "../../../worker/ai/select";
import { db } from "../../../worker/db/client";
import { readRecap } from "../../../worker/db/summaries";
import { TooManyRequestsError } from "../../../worker/http/errors";
import { WindowLimit } from "../../../worker/limits/window-limit";
import { summarizeCall } from "../../../worker/summary/summarize";
import { eventually } from "../support/call";
import { createCall } from "../support/calls";
import { SummaryModelProvider, answering, heldBack } from "../support/summary-providers";
import { createUser } from "../support/users";

const entries = [{ text: "I feel so anxious about tomorrow." }, { speaker: "assistant" as const, text: "Breathe slowly." }];
const answer = '{"summary": "The caller was anxious about tomorrow.", "followUps": [], "topics": ["Worry"]}';

describe("summary: one run at a time per call", () => {
  it("five requests at once on a ready summary start exactly one model run; the others answer what is stored", async () => {
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const ready = (await summarizeCall(db(env.DB), new SummaryModelProvider(selectProvider(env), answering(answer)), call.id))!;
    expect(ready.status).toBe("ready");

    const { answer: slow, release } = heldBack(answering(answer));
    const model = new SummaryModelProvider(selectProvider(env), slow);
    const later = () => ready.updatedAt + 60_000;
    const runs = Array.from({ length: 5 }, () => summarizeCall(db(env.DB), model, call.id, { userId: owner.user.id, now: later }));
    await eventually(async () => model.summaryRequests.length > 0);
    release();
    const answers = (await Promise.all(runs)) as CallRecap[];
    expect(model.summaryRequests).toHaveLength(1);
    expect(answers.every((a) => a.status === "ready")).toBe(true);
    expect((await readRecap(db(env.DB), call.id))?.attempts).toBe(2);
  });

  it("five requests at once on a call without a summary: one run, the others see it pending", async () => {
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const { answer: slow, release } = heldBack(answering(answer));
    const model = new SummaryModelProvider(selectProvider(env), slow);
    const runs = Array.from({ length: 5 }, () => summarizeCall(db(env.DB), model, call.id, { userId: owner.user.id }));
    await eventually(async () => model.summaryRequests.length > 0);
    release();
    const answers = (await Promise.all(runs)) as CallRecap[];
    expect(model.summaryRequests).toHaveLength(1);
    expect(answers.filter((a) => a.status === "ready").length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === "ready" || a.status === "pending")).toBe(true);
    expect((await readRecap(db(env.DB), call.id))).toMatchObject({ status: "ready", attempts: 1 });
  });

  it("a run that died holding the job frees it after the wait, so a retry is possible", async () => {
    const owner = await createUser();
    const call = await createCall(owner.user.id, {}, entries);
    const { answer: never } = heldBack(answering(answer));
    const stuck = new SummaryModelProvider(selectProvider(env), never);
    void summarizeCall(db(env.DB), stuck, call.id, { now: () => 1_000, deadlineMs: 600_000 });
    await eventually(async () => stuck.summaryRequests.length > 0);
    const model = new SummaryModelProvider(selectProvider(env), answering(answer));
    expect(await summarizeCall(db(env.DB), model, call.id, { now: () => 2_000 })).toMatchObject({ status: "pending" });
    expect(model.summaryRequests).toHaveLength(0);
    expect(await summarizeCall(db(env.DB), model, call.id, { now: () => 1_000 + 60_001 })).toMatchObject({ status: "ready" });
    expect(model.summaryRequests).toHaveLength(1);
  });
});

describe("summary: a limit per user across calls", () => {
  it("beyond the limit a request answers 429 and starts nothing; requests that start no run do not count", async () => {
    const owner = await createUser();
    const limit = new WindowLimit(`summary-test-${crypto.randomUUID()}`, 2, 60 * 60 * 1000, "You have asked for many summaries in the last hour.");
    const model = new SummaryModelProvider(selectProvider(env), answering(answer));
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => createCall(owner.user.id, {}, entries)));
    // Two requests at once on one call: one run, one count.
    const { answer: slow, release } = heldBack(answering(answer));
    const held = new SummaryModelProvider(selectProvider(env), slow);
    const both = [0, 1].map(() => summarizeCall(db(env.DB), held, a!.id, { userId: owner.user.id, runLimit: limit }));
    await eventually(async () => held.summaryRequests.length > 0);
    release();
    await Promise.all(both);
    expect(held.summaryRequests).toHaveLength(1);
    expect(await summarizeCall(db(env.DB), model, b!.id, { userId: owner.user.id, runLimit: limit })).toMatchObject({ status: "ready" });
    const over = summarizeCall(db(env.DB), model, c!.id, { userId: owner.user.id, runLimit: limit });
    await expect(over).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(over).rejects.toThrow(/^You have asked for many summaries in the last hour\. Please wait 60 minutes and try again\.$/);
    expect(model.summaryRequests).toHaveLength(1);
    expect(await readRecap(db(env.DB), c!.id)).toBeNull();
  });

});
