// Actions in a real browser test call (workerd, the CallSession Durable Object, D1): the local engine
// hears "call me back tomorrow at 8…", the pipeline runs it through the call-side adapter into the
// callbacks module (the owner has no linked number: the callback waits for one, and the Echo says so);
// "remember…" and "what are my follow-ups?" reach the Echo's memory. The turn's action line is stored
// with the assistant entry, sent to the caller and to a viewer, and lands in D1 and Call Details.
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { callActions } from "../../../worker/call/actions-adapter";
import { env } from "cloudflare:workers";
import { callRow, d1Transcript, eventually, startTestCall } from "../support/call";
import { api, say, viewer } from "../support/live";
import type { CallbackList } from "../../../protocol/callbacks";
import { db } from "../../../worker/db/client";
import { listMemory } from "../../../worker/memory/store";

describe("actions in a browser test call", { timeout: 60_000 }, () => {
  it("a callback request is scheduled (waiting for a linked number), and its action line reaches the caller, a viewer, D1 and Call Details", async () => {
    const { owner, echo, socket, callId } = await startTestCall();
    const watching = await viewer(callId, owner);
    await watching.next("live_snapshot");
    const { reply } = await say(socket, "Call me back tomorrow at 8 to practise my speech.");
    expect(reply.actions).toHaveLength(1);
    const line = reply.actions![0]!;
    expect(line).toMatchObject({ action: "schedule_callback", status: "done" });
    const live = await watching.next<{ entry: TranscriptEntry }>((m) => m.type === "live_entry" && (m as { entry: TranscriptEntry }).entry.speaker === "assistant" && !!(m as { entry: TranscriptEntry }).entry.actions);
    expect(live.entry.actions).toEqual([line]);
    // The callback is kept, waiting for a number to ring, at 08:00 the next day (the owner's zone: UTC here).
    const callbacks = ((await (await api(owner, "GET", "/api/callbacks")).json()) as CallbackList).upcoming;
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]).toMatchObject({ status: "waiting_for_number", sourceCallId: callId });
    expect(callbacks[0]!.reason).toMatch(/practi[sc]e/);
    expect(new Date(callbacks[0]!.dueAt).getUTCHours()).toBe(8);
    expect(line.dueAt).toBe(callbacks[0]!.dueAt);

    // Remembering reaches the Echo's memory of this caller, with this call as its source.
    const remembered = await say(socket, "Remember that my sister Maria is getting married on Saturday.");
    expect(remembered.reply.actions?.[0]).toMatchObject({ action: "remember", status: "done" });
    const items = await listMemory(db(env.DB), { userId: owner.user.id, echoId: echo.id });
    expect(items.some((i) => /Maria/.test(i.text) && i.sourceCallId === callId)).toBe(true);

    // An ordinary turn has no action line.
    const plain = await say(socket, "I'm a bit nervous about it, to be honest.");
    expect(plain.reply.actions).toBeUndefined();

    socket.send({ type: "end_call" });
    await socket.next("call_ended", 15_000);
    const stored = await eventually(async () => {
      const entries = await d1Transcript(callId);
      return entries.some((e) => e.speaker === "assistant" && e.text === reply.text) ? entries : null;
    });
    expect(stored).toBeDefined();
    const row = await env.DB.prepare("select actions from transcript_entries where id = ?").bind(reply.id).first<{ actions: string | null }>();
    expect(JSON.parse(row?.actions ?? "null")).toEqual([line]);
    const detail = (await (await api(owner, "GET", `/api/calls/${callId}`)).json()) as { transcript?: TranscriptEntry[]; entries?: TranscriptEntry[] };
    const entries = detail.transcript ?? detail.entries ?? [];
    expect(entries.find((e) => e.id === reply.id)?.actions).toEqual([line]);
    // The browser test call is the signed-in owner: verified.
    const verified = await env.DB.prepare("select caller_verified from calls where id = ?").bind(callId).first<{ caller_verified: number }>();
    expect(verified?.caller_verified).toBe(1);
    expect((await callRow(callId))?.status).toBe("completed");
  });
});

describe("the call-side adapter", () => {
  const signal = new AbortController().signal;
  it("tells an unverified caller (or a call with no owner) that it's not for them, whatever is asked", async () => {
    for (const identity of [
      { userId: "u1", echoId: "e1", callId: "c1", verified: () => false },
      { userId: null, echoId: null, callId: "c2", verified: () => true },
    ]) {
      const port = callActions(env, identity);
      expect(await port.remember({ text: "x y", kind: "fact" }, signal)).toEqual({ ok: false, problem: "unverified" });
      expect(await port.scheduleCallback({ dueAt: Date.now() + 60_000, reason: "", callerNamedTime: true }, signal)).toEqual({ ok: false, problem: "unverified" });
      expect(await port.listFollowUps(signal)).toEqual({ ok: false, problem: "unverified" });
    }
  });

  it("for the verified owner: nothing to cancel is null, and an Echo that doesn't remember callers keeps nothing", async () => {
    const { owner, echo } = await startTestCall();
    await env.DB.prepare("update echoes set remember_callers = 0 where id = ?").bind(echo.id).run();
    const port = callActions(env, { userId: owner.user.id, echoId: echo.id, callId: "c1", verified: () => true });
    expect(await port.cancelCallback("next", signal)).toEqual({ ok: true, value: null });
    expect(await port.remember({ text: "My sister Maria is getting married on Saturday.", kind: "fact" }, signal)).toEqual({ ok: false, problem: "unavailable" });
    expect(await listMemory(db(env.DB), { userId: owner.user.id, echoId: echo.id })).toEqual([]);
  });
});
